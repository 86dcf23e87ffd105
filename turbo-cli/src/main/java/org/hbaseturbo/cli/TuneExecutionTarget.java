package org.hbaseturbo.cli;

import java.nio.file.Path;
import java.util.Optional;
import org.hbaseturbo.cluster.ServerControl;
import org.hbaseturbo.cluster.ServerControlClient;
import org.hbaseturbo.tune.AuditLog;
import picocli.CommandLine.Option;

/** Where the audit log is, and the process cluster whose RegionServers Turbo may change. */
final class TuneExecutionTarget {
  @Option(names = "--audit", paramLabel = "FILE",
      description = "The audit log: every change, one JSON line each, which rollback reads (default:"
          + " turbo-tune-audit.jsonl in the --conf directory).")
  Path audit;

  @Option(names = LocalClusterOptions.DATA_OPTION, paramLabel = "DIR",
      description = "The data directory of the Turbo process cluster that --conf reaches: RegionServer settings"
          + " then change online where HBase allows, the rest and the heap by a rolling restart. Without it they"
          + " are written as a plan for the operator.")
  Path dataDir;

  AuditLog auditLog(Path conf) {
    Path file = audit != null ? audit : conf.resolve("turbo-tune-audit.jsonl");
    OutputDirs.requireWritableFile(file, "--audit");
    return new AuditLog(file);
  }

  /** The launcher's control of the process cluster on {@code --data}, if given. */
  Optional<ServerControl> serverControl() {
    return Optional.ofNullable(dataDir).map(ServerControlClient::new);
  }
}
