package org.hbaseturbo.wire.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Polling only while recent waits ended within the spin. */
class TestPollingAdvisor {
  private static final long SPIN = 50_000;

  @Test
  void pollsWhileWaitsAreShort() {
    PollingAdvisor advisor = new PollingAdvisor(SPIN);
    assertThat(advisor.pollNanos()).isEqualTo(SPIN);
    for (int i = 0; i < 100; i++) {
      advisor.waited(10_000);
    }
    assertThat(advisor.pollNanos()).isEqualTo(SPIN);
  }

  @Test
  void stopsPollingAfterLongWaitsAndResumesWhenTheyShorten() {
    PollingAdvisor advisor = new PollingAdvisor(SPIN);
    int longWaits = 0;
    while (advisor.pollNanos() > 0) {
      advisor.waited(200_000);
      longWaits++;
    }
    assertThat(longWaits).isBetween(2, 8);
    int shortWaits = 0;
    while (advisor.pollNanos() == 0) {
      advisor.waited(5_000);
      shortWaits++;
    }
    assertThat(shortWaits).isBetween(2, 20);
  }

  @Test
  void noSpinNeverPolls() {
    PollingAdvisor advisor = new PollingAdvisor(0);
    advisor.waited(1_000);
    assertThat(advisor.pollNanos()).isZero();
  }
}
