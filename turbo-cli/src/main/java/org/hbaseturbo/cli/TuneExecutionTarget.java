package org.hbaseturbo.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.hbaseturbo.cluster.RestartControl;
import org.hbaseturbo.cluster.ServerControl;
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

  Optional<ServerControl> serverControl() {
    if (dataDir == null) {
      return Optional.empty();
    }
    Path data = dataDir.toAbsolutePath();
    return Optional.of(new ServerControl() {
      @Override
      public void restart(Restart how, Map<String, String> settings, Optional<String> heap,
          Consumer<String> progress) throws IOException {
        RestartControl.request(data, settings, heap, RestartControl.Mode.valueOf(how.name()), progress);
      }

      @Override
      public void update(Map<String, String> settings, Consumer<String> progress) throws IOException {
        RestartControl.request(data, settings, Optional.empty(), RestartControl.Mode.ONLINE, progress);
      }
    });
  }
}
