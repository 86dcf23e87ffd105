package org.hbaseturbo.cli;

import org.hbaseturbo.bench.ycsb.YcsbWarmUp;
import picocli.CommandLine.Option;

/**
 * {@code --warmup} and {@code --warmup-quiet}: what each measured YCSB run's client JVM does, unmeasured,
 * before it measures. A command declares the mixin initialized with its own defaults, which picocli shows and keeps.
 */
final class WarmUpOptions {
  @Range(min = 0, max = 10_000_000)
  @Option(names = "--warmup", paramLabel = "N",
      description = "Unmeasured operations each measured run's client JVM does first, for the JIT to compile the"
          + " client's path (0 to 10,000,000; default: ${DEFAULT-VALUE}).")
  int operations;

  @DurationRange(min = "0s", max = "10m")
  @Option(names = "--warmup-quiet", paramLabel = "DURATION", converter = DurationArgument.Seconds.class,
      description = "After its --warmup operations, each client JVM warms up on while its JIT compiler is busy (its"
          + " compiler threads on a CPU for 20 ms or more in a second), for at most this long more; the report says"
          + " how each warm-up ended; a number alone is seconds (0s to 10m; 0s = the operations alone; default:"
          + " ${DEFAULT-VALUE}).")
  DurationArgument quiet;

  /** For picocli; commands initialize the mixin with {@link #WarmUpOptions(int, int)}. */
  WarmUpOptions() {
    this(0, 0);
  }

  WarmUpOptions(int operations, int quietSeconds) {
    this.operations = operations;
    this.quiet = DurationArgument.ofSeconds(quietSeconds);
  }

  YcsbWarmUp warmUp() {
    return new YcsbWarmUp(operations, quiet.seconds());
  }
}
