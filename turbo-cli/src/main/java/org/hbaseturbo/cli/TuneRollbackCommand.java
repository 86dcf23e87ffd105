package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.tune.AuditLog;
import org.hbaseturbo.tune.PolicyExecutor;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo tune rollback}: undoes the last apply, the same way it was made. */
@Command(name = "rollback", mixinStandardHelpOptions = true,
    description = "Restore every setting the last 'tune apply' (not rolled back yet) changed, the same way it was"
        + " changed, and record it in the audit log. A pre-split is kept, and recorded as kept: splits are not undone"
        + " (the table has held data since, and merging its regions back would rewrite it).")
final class TuneRollbackCommand implements Callable<Integer> {
  @ParentCommand
  TuneCommand parent;

  @Spec
  CommandSpec spec;

  @Mixin
  TuneExecutionTarget target;

  @Override
  public Integer call() throws Exception {
    Path conf = TuneCommand.requireConf(parent, "tune rollback");
    AuditLog audit = target.auditLog(conf);
    PrintWriter out = spec.commandLine().getOut();
    try (Connection connection = TuneCommand.connect(conf)) {
      List<AuditLog.Entry> entries = new PolicyExecutor(connection, audit, target.serverControl(), true)
          .rollback(ProgressLines.to(out));
      out.print(entries.isEmpty() ? "nothing to roll back in " + audit.file().toAbsolutePath() + "\n"
          : AuditTable.render(entries));
      out.flush();
    }
    return 0;
  }
}
