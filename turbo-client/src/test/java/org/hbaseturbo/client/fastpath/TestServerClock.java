package org.hbaseturbo.client.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Where a request's deadline falls on the server: never after the caller's, on one host or on two whose clocks run
 * apart by up to {@value ServerClock#DRIFT_PPM} ppm, the stated assumption; and no earlier than that asks.
 */
class TestServerClock {
  private static final long SECOND = 1_000_000_000L;
  private static final long HOUR = 3_600 * SECOND;

  @Test
  void onOneHostTheDeadlineTravelsUnchanged() {
    // The server read the same clock between the client's two readings.
    ServerClock clock = ServerClock.measured(1_000, 1_400, 2_000, true);
    assertThat(clock.onServer(5 * SECOND)).isEqualTo(5 * SECOND);
    assertThat(clock.onServer(HOUR)).isEqualTo(HOUR);
  }

  @Test
  void underOneBootAReadingOutsideTheCallIsAnotherClock() {
    // Another time namespace: the same boot, a clock set 10 s apart.
    ServerClock clock = ServerClock.measured(1_000, 10 * SECOND, 2_000, true);
    // Placed as across hosts: the lower bound read (10 s less the call's end) less 500 ppm of 5 s since its start.
    assertThat(clock.onServer(5 * SECOND)).isEqualTo(5 * SECOND + 10 * SECOND - 2_000 - 2_500_000);
  }

  @Test
  void acrossHostsNeverLaterThanTheCallersWhateverTheRatesWithinTheAssumption() {
    long trueOffset = 7 * SECOND;
    for (long ppm : new long[] {-ServerClock.DRIFT_PPM, 0, ServerClock.DRIFT_PPM}) {
      // The session opened at client time 0 with a 2 ms call; the server's clock runs ppm faster from then on.
      ServerClock clock = ServerClock.measured(0, trueOffset + 1_000_000, 2_000_000, false);
      for (long deadline : new long[] {SECOND, 60 * SECOND, HOUR}) {
        long serverAtDeadline = deadline + trueOffset + deadline / 1_000_000 * ppm;
        assertThat(clock.onServer(deadline)).as("%d ppm, deadline %d ns", ppm, deadline)
            .isLessThanOrEqualTo(serverAtDeadline);
      }
    }
  }

  @Test
  void aReplysReadingShrinksTheAllowance() {
    long trueOffset = 7 * SECOND;
    ServerClock clock = ServerClock.measured(0, trueOffset + 1_000_000, 2_000_000, false);
    long deadline = HOUR + 5 * SECOND;
    long before = clock.onServer(deadline);
    // A reply sent at client time HOUR - 50 us arrived at HOUR.
    clock.heard(HOUR - 50_000 + trueOffset, HOUR);
    long after = clock.onServer(deadline);
    assertThat(after).isGreaterThan(before).isLessThanOrEqualTo(deadline + trueOffset);
    assertThat(deadline + trueOffset - after).as("50 us of travel and 5 s of drift at 500 ppm, about 2.55 ms")
        .isLessThan(3_000_000);
    clock.heard(10 + trueOffset, 20);
    assertThat(clock.onServer(deadline)).as("an older reading does not replace a newer one").isEqualTo(after);
  }
}
