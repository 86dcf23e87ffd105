package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.hbaseturbo.bench.report.BenchmarkReport;
import org.hbaseturbo.bench.report.ReportTable;
import org.hbaseturbo.bench.ycsb.PhaseResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo ycsb load|run}: real YCSB against the cluster, with YCSB's usual summary. */
@Command(name = "ycsb", mixinStandardHelpOptions = true,
    description = "Run a YCSB phase (site.ycsb:core 0.17.0) against the cluster.",
    subcommands = {YcsbCommand.Load.class, YcsbCommand.Run.class})
final class YcsbCommand extends CommandGroup {
  @ParentCommand
  TurboMain main;

  /** What both phases share: options, and printing the report after YCSB's own summary. */
  abstract static class Phase implements Callable<Integer> {
    @ParentCommand
    YcsbCommand parent;

    @Spec
    CommandSpec spec;

    @Mixin
    WorkloadOptions options;

    @Option(names = "--json", paramLabel = "FILE",
        description = "Also write the result (throughput, latency percentiles per operation, bytes and client"
            + " and server CPU per operation) as JSON.")
    Path json;

    @Option(names = "--out", paramLabel = "DIR",
        description = "Where the phase's files go (default: turbo-out/ycsb-<time>).")
    Path outDir;

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      if (json != null) {
        OutputDirs.requireWritableFile(json, "--json");
      }
      YcsbRunner runner = YcsbRunner.start("ycsb", parent.main.conf(), options, loads(), Optional.ofNullable(outDir),
          out);
      BenchmarkReport report;
      try (runner) {
        report = execute(runner);
        out.println();
        out.print(ReportTable.render(report));
        out.flush();
      }
      if (json != null) {
        // Once the cluster and its link are down: the delays' report covers the whole run.
        report.withLinkDelays(runner.linkDelays()).writeJson(json);
        out.println("result written to " + json.toAbsolutePath());
        out.flush();
      }
      return report.anyFailed() ? TurboMain.EXIT_FAILURE : 0;
    }

    abstract BenchmarkReport execute(YcsbRunner runner) throws Exception;

    abstract boolean loads();
  }

  @Command(name = "load", mixinStandardHelpOptions = true,
      description = "Create the table if missing (pre-split on YCSB's key quantiles) and load the workload's"
          + " records.")
  static final class Load extends Phase {
    @Override
    boolean loads() {
      return true;
    }

    @Override
    BenchmarkReport execute(YcsbRunner runner) throws Exception {
      PhaseResult load = runner.experiment().load(true);
      return runner.experiment().report(load, List.of());
    }
  }

  @Command(name = "run", mixinStandardHelpOptions = true,
      description = "Run the workload's operations against a loaded table.")
  static final class Run extends Phase {
    @Mixin
    RunOptions runs = new RunOptions(1);

    @Override
    boolean loads() {
      return false;
    }

    @Override
    BenchmarkReport execute(YcsbRunner runner) throws Exception {
      return runner.experiment().report(null, runner.experiment().run(runs.runs, true));
    }
  }
}
