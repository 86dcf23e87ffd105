package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.hbaseturbo.bench.ycsb.YcsbExperiment;
import org.hbaseturbo.cluster.ClientHost;
import org.hbaseturbo.cluster.LinkDelayReport;
import org.hbaseturbo.cluster.NetworkLink;

/** Sets up what a YCSB command needs: the cluster and where its clients run ({@link LinkedCluster}), the experiment. */
final class YcsbRunner implements AutoCloseable {
  private final LinkedCluster cluster;
  private final YcsbExperiment experiment;
  private final Path workDir;

  private YcsbRunner(LinkedCluster cluster, YcsbExperiment experiment, Path workDir) {
    this.cluster = cluster;
    this.experiment = experiment;
    this.workDir = workDir;
  }

  /**
   * @param loads whether the command loads the workload: then it must have records for every region
   * @param outDir {@code --out}, if given
   */
  static YcsbRunner start(String name, Optional<Path> conf, WorkloadOptions options, boolean loads,
      Optional<Path> outDir, PrintWriter out) throws IOException {
    NetworkLink.Speed speed = options.link.speed(conf);
    // Validate what can be validated before anything starts.
    YcsbExperiment.Settings settings = options.settings(Optional.empty());
    if (loads) {
      YcsbExperiment.requireLoadable(settings);
    }
    Path workDir = OutputDirs.orTimestamped(outDir, name);
    OutputDirs.requireWritableDirectory(workDir, outDir.isPresent() ? "--out" : "output directory");
    LinkedCluster cluster = LinkedCluster.open(conf, speed, options.embedded, workDir, out);
    try {
      return new YcsbRunner(cluster, new YcsbExperiment(cluster.cluster().target(),
          options.settings(cluster.clientHost()), workDir, out), workDir);
    } catch (RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  YcsbExperiment experiment() {
    return experiment;
  }

  TargetCluster cluster() {
    return cluster.cluster();
  }

  Optional<ClientHost> clientHost() {
    return cluster.clientHost();
  }

  Path workDir() {
    return workDir;
  }

  /** {@link LinkedCluster#linkDelays}: what the link's delays did, once closed. */
  List<LinkDelayReport> linkDelays() {
    return cluster.linkDelays();
  }

  @Override
  public void close() throws IOException {
    cluster.close();
  }
}
