package org.hbaseturbo.cluster;

import java.io.IOException;
import java.util.OptionalLong;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.LocalHBaseCluster;

/** The master of a process cluster as threads of the launcher's JVM, on this host's own network. */
final class MasterThreads implements ClusterMaster {
  private final LocalHBaseCluster hbase;
  private final ServerThreads threads;

  private MasterThreads(LocalHBaseCluster hbase, ServerThreads threads) {
    this.hbase = hbase;
    this.threads = threads;
  }

  /**
   * Starts a master with {@code conf}, whose ABORTING line {@code aborts} captures; a master that does not start is
   * stopped again by the caller's {@link #stop}, so it is returned at once.
   */
  static MasterThreads start(Configuration conf, AbortLines aborts) throws IOException {
    LocalHBaseCluster hbase = new LocalHBaseCluster(conf, 1, 0);
    return new MasterThreads(hbase, ServerThreads.start(hbase, aborts));
  }

  @Override
  public void awaitServing(int regionServers, ServerThreads.OtherServers others, String cluster) throws IOException {
    threads.awaitServing(regionServers, others, cluster);
  }

  @Override
  public int port() {
    return hbase.getActiveMaster().getServerName().getPort();
  }

  @Override
  public OptionalLong pid() {
    return OptionalLong.empty();
  }

  @Override
  public void stop() {
    ServerThreads.stop(hbase);
  }
}
