package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.hbaseturbo.bench.BenchCharts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code turbo bench charts}: a benchmark's charts drawn again from the JSON report it wrote. */
@Command(name = "charts", mixinStandardHelpOptions = true,
    description = {"Draws a benchmark's charts again from the JSON report it wrote (bench scan, codec, fastpath, pcm,"
        + " compression, and the demo's reports), as this version of Turbo draws them, without running anything."})
final class BenchChartsCommand implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Parameters(paramLabel = "REPORT", description = "The JSON report a benchmark wrote (its --json, or"
      + " OUT/<benchmark>.json).")
  Path report;

  @Option(names = "--out", paramLabel = "DIR", description = "Where the charts go (default: the report's directory).")
  Path outDir;

  @Option(names = "--name", paramLabel = "NAME", description = "What the charts' file names start with (default: the"
      + " benchmark's name, as the benchmark names them: scan-throughput.png).")
  String name;

  @Override
  public Integer call() throws Exception {
    PrintWriter out = spec.commandLine().getOut();
    Path dir = outDir != null ? outDir : report.toAbsolutePath().getParent();
    OutputDirs.requireWritableDirectory(dir, outDir != null ? "--out" : "the report's directory");
    for (Path chart : BenchCharts.fromJson(report, dir, Optional.ofNullable(name))) {
      out.println("chart:  " + chart);
    }
    out.flush();
    return 0;
  }
}
