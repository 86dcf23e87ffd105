package org.hbaseturbo.bench.ycsb;

import java.util.LinkedHashMap;
import java.util.Map;
import org.hbaseturbo.common.InvalidInputException;

/**
 * What each YCSB run does, unmeasured, before it measures, so that every repeated run (each a new JVM) is measured
 * with a compiled client and open connections rather than through its warm-up.
 *
 * @param operations transactions each run does first
 * @param quietSeconds how long it may go on after them while the client JVM's JIT still compiles ({@link JitQuiet});
 *     0 ends the warm-up with its operations
 */
public record YcsbWarmUp(int operations, int quietSeconds) {
  /** When the wait for a quiet JIT ends, for reports. */
  public static final String QUIET_RULE = "the warm-up goes on until the client JVM's JIT compiler threads took less"
      + " than " + JitQuiet.QUIET_MS_PER_WINDOW + " ms of CPU in a second";

  public YcsbWarmUp {
    if (operations < 0) {
      throw new InvalidInputException("warm-up operations must not be negative, was " + operations);
    }
    if (quietSeconds < 0) {
      throw new InvalidInputException("the warm-up's wait for a quiet JIT must not be negative, was " + quietSeconds
          + " s");
    }
  }

  /** Its values as the benchmarks' reports name them, in their parameters. */
  public Map<String, Object> reportParameters() {
    Map<String, Object> parameters = new LinkedHashMap<>();
    parameters.put("warmup_operations_per_client_jvm", operations);
    parameters.put("warmup_jit_quiet_seconds_at_most", quietSeconds);
    return parameters;
  }

  /** A warm-up of {@code operations} transactions and no wait for the JIT. */
  public static YcsbWarmUp operations(int operations) {
    return new YcsbWarmUp(operations, 0);
  }
}
