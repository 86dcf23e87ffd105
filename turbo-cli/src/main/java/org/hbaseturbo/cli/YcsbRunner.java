package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import org.hbaseturbo.bench.link.NetworkLink;
import org.hbaseturbo.bench.ycsb.YcsbExperiment;

/**
 * Sets up what a YCSB command needs, in order: the emulated link (before the cluster, which binds to the
 * link's address), the cluster, the experiment; and takes them down in reverse.
 */
final class YcsbRunner implements AutoCloseable {
  private final Optional<NetworkLink> link;
  private final TargetCluster cluster;
  private final YcsbExperiment experiment;
  private final Path workDir;

  private YcsbRunner(Optional<NetworkLink> link, TargetCluster cluster, YcsbExperiment experiment, Path workDir) {
    this.link = link;
    this.cluster = cluster;
    this.experiment = experiment;
    this.workDir = workDir;
  }

  static YcsbRunner start(String name, Optional<Path> conf, WorkloadOptions options, Optional<Path> outDir,
      PrintWriter out) throws IOException {
    NetworkLink.Speed speed = options.linkSpeed(conf);
    // Validate what can be validated before anything starts.
    options.settings(Optional.empty());
    Path workDir = OutputDirs.orTimestamped(outDir, name);
    Optional<NetworkLink> link = Optional.empty();
    if (speed != NetworkLink.Speed.LOOPBACK) {
      out.printf("creating an emulated %s link for the YCSB client JVMs ...%n", speed.userName());
      out.flush();
      link = Optional.of(NetworkLink.create(speed));
    }
    try {
      TargetCluster cluster = TargetCluster.open(conf, options.embedded(link), workDir, out);
      return new YcsbRunner(link, cluster, new YcsbExperiment(cluster.target(), options.settings(link), workDir,
          out), workDir);
    } catch (IOException | RuntimeException e) {
      if (link.isPresent()) {
        link.get().close();
      }
      throw e;
    }
  }

  YcsbExperiment experiment() {
    return experiment;
  }

  TargetCluster cluster() {
    return cluster;
  }

  Path workDir() {
    return workDir;
  }

  @Override
  public void close() throws IOException {
    try {
      cluster.close();
    } finally {
      if (link.isPresent()) {
        link.get().close();
      }
    }
  }
}
