package org.hbaseturbo.bench.ycsb;

import java.util.Optional;
import java.util.function.LongSupplier;
import org.hbaseturbo.common.CompilerThreadCpu;

/**
 * Waits, while a warm-up goes on in other threads, until this JVM's JIT compilers have gone quiet: less than
 * {@link #QUIET_MS_PER_WINDOW} of their threads' CPU in a one-second window ({@link CompilerThreadCpu}; where the
 * kernel does not tell it, of compiling as the {@code CompilationMXBean} counts it, which sees a compile only once it
 * ends). A client JVM measured while C2 still compiles its
 * hot path shares the host's cores with the compiler: on 2 cores, a single client's Gets were measured with C2 taking
 * 64% of the client JVM's CPU after a 10,000-operation warm-up, and their p50 was 107 us, where a ten times longer
 * warm-up gave 28 us (results/fastpath/under-load-2026-11-29). A count alone cannot say when that is over: it depends
 * on the rate, so the warm-up goes on until the compilers are quiet, within a bound.
 */
final class JitQuiet {
  /** How long each look at the compilers covers. */
  static final long WINDOW_MS = 1_000;
  /**
   * Compiler CPU within a window under which the JIT counts as quiet: 2% of one compiler thread. C2's compiles of the
   * hot path took 100 ms to 1 s each; C1's of the rarely run code, a few milliseconds.
   */
  static final long QUIET_MS_PER_WINDOW = 20;

  /**
   * How a wait ended.
   *
   * @param quiet whether the compilers went quiet within the limit
   * @param waitedMs how long the wait took
   * @param lastWindowCompileMs milliseconds the compilers took in the last window looked at; -1 when the JVM does not
   *     tell
   */
  record Outcome(boolean quiet, long waitedMs, long lastWindowCompileMs) {
  }

  /** Sleeps a thread; a seam for tests. */
  @FunctionalInterface
  interface Sleeper {
    void sleep(long millis) throws InterruptedException;
  }

  private JitQuiet() {
  }

  /**
   * Waits for this JVM's compilers to go quiet, looking once a second, at most {@code limitSeconds}; returns at once,
   * not quiet, when the JVM does not measure its compilation time.
   */
  static Outcome await(int limitSeconds) throws InterruptedException {
    Optional<LongSupplier> jitMillis = CompilerThreadCpu.jitMillisOfThisJvm();
    if (jitMillis.isEmpty()) {
      return new Outcome(false, 0, -1);
    }
    return await(limitSeconds, jitMillis.get(), Thread::sleep);
  }

  static Outcome await(int limitSeconds, LongSupplier compiledMs, Sleeper sleeper) throws InterruptedException {
    long before = compiledMs.getAsLong();
    long windowMs = 0;
    for (int window = 1; window <= limitSeconds; window++) {
      sleeper.sleep(WINDOW_MS);
      long now = compiledMs.getAsLong();
      windowMs = now - before;
      before = now;
      if (windowMs < QUIET_MS_PER_WINDOW) {
        return new Outcome(true, window * WINDOW_MS, windowMs);
      }
    }
    return new Outcome(false, limitSeconds * WINDOW_MS, limitSeconds == 0 ? -1 : windowMs);
  }
}
