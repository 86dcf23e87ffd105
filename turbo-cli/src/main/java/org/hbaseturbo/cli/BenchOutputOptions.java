package org.hbaseturbo.cli;

import java.nio.file.Path;
import java.util.Optional;
import picocli.CommandLine.Option;

/** Where a {@code bench} command writes its report. */
final class BenchOutputOptions {
  @Option(names = "--json", paramLabel = "FILE", description = "Where to write the JSON report (default:"
      + " OUT/<benchmark>.json).")
  Path json;

  @Option(names = "--out", paramLabel = "DIR", description = "Where the report and charts go (default:"
      + " turbo-out/bench-<benchmark>-<time>).")
  Path outDir;

  /**
   * {@code --out}, or a new directory for {@code benchmark}; absolute.
   *
   * @throws org.hbaseturbo.common.InvalidInputException when the report could not be written there, or to
   *     {@code --json}
   */
  Path dir(String benchmark) {
    Path dir = OutputDirs.orTimestamped(Optional.ofNullable(outDir), "bench-" + benchmark);
    OutputDirs.requireWritableDirectory(dir, outDir != null ? "--out" : "output directory");
    if (json != null) {
      OutputDirs.requireWritableFile(json, "--json");
    }
    return dir;
  }

  /** {@code --json}, or {@code benchmark}'s file in {@code dir}. */
  Path json(Path dir, String benchmark) {
    return json != null ? json : dir.resolve(benchmark + ".json");
  }
}
