package org.hbaseturbo.cli;

import picocli.CommandLine.Option;

/**
 * {@code --runs}: how many times an experiment is repeated, its figures reported as medians over them. A command
 * declares the mixin initialized with its own default, which picocli shows and keeps.
 */
final class RunOptions {
  @Range(min = 1, max = 100)
  @Option(names = "--runs", paramLabel = "N",
      description = "Measured runs, each variant's figures reported as their medians, and each ratio as the median"
          + " of run-by-run ratios where the variants run in turn (1 to 100; default: ${DEFAULT-VALUE}).")
  int runs;

  /** For picocli; commands initialize the mixin with {@link #RunOptions(int)}. */
  RunOptions() {
    this(1);
  }

  RunOptions(int runs) {
    this.runs = runs;
  }
}
