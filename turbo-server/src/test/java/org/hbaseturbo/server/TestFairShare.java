package org.hbaseturbo.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestFairShare {
  @Test
  void greedyUsersOneAfterAnotherEachLeaveRoomForTheNext() {
    long bound = 1_000;
    long all = 0;
    List<Long> taken = new ArrayList<>();
    for (int user = 0; user < 5; user++) {
      long own = 0;
      while (FairShare.allows(own, 1, all, bound)) {
        own++;
        all++;
      }
      taken.add(own);
    }
    assertThat(taken).containsExactly(500L, 250L, 125L, 63L, 31L);
    assertThat(all).isLessThan(bound);
  }

  @Test
  void aNewcomerGetsOneWhateverTheOthersHold() {
    assertThat(FairShare.allows(0, 1, 999, 1_000)).isTrue();
    assertThat(FairShare.allows(0, 300, 900, 1_500)).as("one item, however large").isTrue();
    assertThat(FairShare.allows(1, 1, 999, 1_000)).isFalse();
  }

  @Test
  void theRefusalNamesTheBoundAndTheRule() {
    assertThat(FairShare.refusal(4, 10, 16, "some.key")).isEqualTo("the other users hold 6 of this RegionServer's 16"
        + " (some.key), and one user may take at most half of what the others leave");
  }
}
