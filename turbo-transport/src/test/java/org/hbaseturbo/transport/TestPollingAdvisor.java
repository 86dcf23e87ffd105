package org.hbaseturbo.transport;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Polling while polls catch their messages, probing while they do not. */
class TestPollingAdvisor {
  private static final long SPIN = 50_000;

  @Test
  void pollsWhilePollsCatchTheirMessages() {
    PollingAdvisor advisor = new PollingAdvisor(SPIN);
    for (int i = 0; i < 100; i++) {
      assertThat(advisor.pollNanos()).isEqualTo(SPIN);
      advisor.polled(true);
    }
  }

  @Test
  void stopsAfterMissesProbesAndResumesWhenProbesCatch() {
    PollingAdvisor advisor = new PollingAdvisor(SPIN);
    int misses = 0;
    while (advisor.pollNanos() > 0) {
      advisor.polled(false);
      misses++;
    }
    assertThat(misses).isBetween(2, 8);
    // Parked waits teach nothing; one wait in PROBE_EVERY polls anyway.
    int polls = 0;
    for (int i = 0; i < 10 * PollingAdvisor.PROBE_EVERY; i++) {
      if (advisor.pollNanos() > 0) {
        polls++;
        advisor.polled(false);
      }
    }
    assertThat(polls).isEqualTo(10);
    // Probes that catch their messages bring polling back.
    int waits = 0;
    int pollsInARow = 0;
    while (pollsInARow < 3) {
      assertThat(waits++).as("waits before polling resumes").isLessThan(200);
      if (advisor.pollNanos() > 0) {
        advisor.polled(true);
        pollsInARow++;
      } else {
        pollsInARow = 0;
      }
    }
  }

  @Test
  void onlyWaitsThatPolledTheirWholeSpinOrCaughtTheirMessageTeach() {
    PollingAdvisor advisor = new PollingAdvisor(SPIN);
    for (int i = 0; i < 100; i++) {
      advisor.waitEnded(true, true, false);
      advisor.waitEnded(false, true, true);
    }
    assertThat(advisor.pollNanos()).as("after waits that parked for others or never polled").isEqualTo(SPIN);
    int misses = 0;
    while (advisor.pollNanos() > 0) {
      assertThat(misses++).as("waits before polling stops").isLessThan(100);
      advisor.waitEnded(true, true, true);
    }
    advisor.waitEnded(true, false, false);
    advisor.waitEnded(true, false, false);
    advisor.waitEnded(true, false, false);
    advisor.waitEnded(true, false, false);
    assertThat(advisor.pollNanos()).as("after waits that caught their message").isEqualTo(SPIN);
  }

  @Test
  void noSpinNeverPolls() {
    PollingAdvisor advisor = new PollingAdvisor(0);
    assertThat(advisor.pollNanos()).isZero();
  }
}
