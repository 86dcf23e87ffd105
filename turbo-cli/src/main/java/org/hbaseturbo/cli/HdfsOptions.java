package org.hbaseturbo.cli;

import java.util.OptionalInt;
import org.hbaseturbo.common.InvalidInputException;
import picocli.CommandLine.Option;

/** {@code --hdfs} and {@code --datanodes}: a process cluster that keeps HBase's data on an HDFS of its own. */
final class HdfsOptions {
  /** HDFS's own replication, so that the default cluster replicates as HDFS does. */
  static final int DEFAULT_DATA_NODES = 3;

  @Option(names = "--hdfs",
      description = "With --cluster processes: keep HBase's data on an HDFS of its own (Hadoop 3.4.2: a NameNode and"
          + " --datanodes DataNodes, each a JVM of its own, their data in the cluster's data directory), with HDFS's"
          + " real hflush and hsync for the WAL, instead of this host's file system. Not with --regime disk.")
  boolean hdfs;

  /** HDFS's own replication is 3; more DataNodes than a few add JVMs, not safety, on one host. */
  @Range(min = 1, max = 9)
  @Option(names = "--datanodes", paramLabel = "N",
      description = "With --hdfs: DataNodes to start (1 to 9; default: 3, HDFS's replication, which is min(3, N)).")
  Integer dataNodesGiven;

  /**
   * The DataNodes of the HDFS to start, where {@code --hdfs}; none where HBase's data stays on this host's file
   * system.
   *
   * @param processes whether the RegionServers are JVMs of their own, which HDFS's daemons run beside
   * @throws InvalidInputException for options that contradict each other
   */
  OptionalInt dataNodes(boolean processes) {
    if (hdfs && !processes) {
      throw new InvalidInputException("--hdfs runs HDFS's daemons beside RegionServer JVMs of their own; add --cluster"
          + " processes");
    }
    if (dataNodesGiven != null && !hdfs) {
      throw new InvalidInputException("--datanodes sizes the HDFS of --hdfs; add --hdfs");
    }
    return hdfs ? OptionalInt.of(dataNodesGiven == null ? DEFAULT_DATA_NODES : dataNodesGiven) : OptionalInt.empty();
  }
}
