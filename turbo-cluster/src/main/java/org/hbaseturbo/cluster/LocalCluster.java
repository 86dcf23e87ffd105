package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;

/** A cluster Turbo started on this machine, embedded in this JVM or as processes, as its clients see it. */
public interface LocalCluster extends AutoCloseable {
  /** A configuration for clients of this cluster: HBase defaults plus where ZooKeeper is. */
  Configuration clientConfiguration();

  Path dataDir();

  String zooKeeperQuorum();

  /**
   * Writes {@code dir/hbase-site.xml} with only what a stock HBase 2.x client needs to find this cluster.
   *
   * @return the file written
   */
  Path writeClientConfiguration(Path dir) throws IOException;

  /** Stops every server cleanly: RegionServers flush their memstores as their regions close. */
  @Override
  void close() throws IOException;
}
