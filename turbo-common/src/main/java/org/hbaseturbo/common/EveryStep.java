package org.hbaseturbo.common;

import java.io.IOException;

/**
 * Steps that must all be taken even when one fails, as a teardown's: each is tried, the first failure is thrown once
 * they all were, and each later failure travels in it as suppressed, so that a teardown neither stops at its first
 * error nor drops the ones after it.
 */
public final class EveryStep {
  /** A step that may fail with an IOException. */
  @FunctionalInterface
  public interface IoStep {
    void run() throws IOException;
  }

  private IOException first;

  /** Takes {@code step}, keeping its IOException for {@link #throwFirst()}; anything else it throws goes on at once. */
  public void take(IoStep step) {
    try {
      step.run();
    } catch (IOException e) {
      add(e);
    }
  }

  /** Keeps {@code failure}: the first one kept is thrown, each later one added to it. */
  public void add(IOException failure) {
    if (first == null) {
      first = failure;
    } else if (failure != first) {
      first.addSuppressed(failure);
    }
  }

  /** Throws the first failure kept, with every later one in it, if there was one. */
  public void throwFirst() throws IOException {
    if (first != null) {
      throw first;
    }
  }

  /**
   * Takes every step after {@code failure}, which the caller throws next: each step's own failure, an IOException or a
   * RuntimeException, is added to it, so that a failed run still stops what it started.
   */
  public static void after(Exception failure, IoStep... steps) {
    for (IoStep step : steps) {
      try {
        step.run();
      } catch (IOException | RuntimeException stepFailed) {
        failure.addSuppressed(stepFailed);
      }
    }
  }
}
