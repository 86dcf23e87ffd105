package org.hbaseturbo.cli;

import picocli.CommandLine.Option;

/**
 * {@code --run-time}, for the experiments whose runs last a set time rather than a set number of operations. A
 * command declares the mixin initialized with its own default, which picocli shows and keeps.
 */
final class RunTimeOptions {
  @DurationRange(min = "1s", max = "1h")
  @Option(names = "--run-time", paramLabel = "DURATION", converter = DurationArgument.Seconds.class,
      description = "Length of each measured run, in whole seconds such as 8s or 2m; a number alone is seconds (1s"
          + " to 1h; default: ${DEFAULT-VALUE}).")
  DurationArgument runTime;

  /** For picocli; commands initialize the mixin with {@link #RunTimeOptions(int)}. */
  RunTimeOptions() {
    this(1);
  }

  RunTimeOptions(int seconds) {
    this.runTime = DurationArgument.ofSeconds(seconds);
  }

  int seconds() {
    return runTime.seconds();
  }
}
