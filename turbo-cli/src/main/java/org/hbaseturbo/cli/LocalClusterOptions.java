package org.hbaseturbo.cli;

import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** How to start the embedded cluster, for the commands that start one when {@code --conf} is absent. */
final class EmbeddedClusterOptions {
  static final String DATA_OPTION = "--data";

  @Option(names = DATA_OPTION, paramLabel = "DIR",
      description = "Embedded cluster: keep its data in DIR, where a later start finds it again, and HBase's"
          + " log in DIR/logs/turbo.log (default: a temporary directory, deleted on stop).")
  Path dataDir;

  /** All RegionServers run in this JVM, each with its own threads and caches: a few dozen at most. */
  @Range(min = 1, max = 32)
  @Option(names = "--regionservers", paramLabel = "N", defaultValue = "2",
      description = "Embedded cluster: RegionServers to start (1 to 32; default: ${DEFAULT-VALUE}).")
  int regionServers;

  /** @param host the address the servers bind to and advertise */
  TargetCluster.EmbeddedSettings settings(String host) {
    if (dataDir != null) {
      OutputDirs.requireWritableDirectory(dataDir, "--data");
    }
    return new TargetCluster.EmbeddedSettings(regionServers, Optional.ofNullable(dataDir), host);
  }
}
