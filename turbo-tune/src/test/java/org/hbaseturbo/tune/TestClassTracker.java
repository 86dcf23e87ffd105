package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestClassTracker {
  @Test
  void aSteadyMixSwitchesOnceAndThenNotInThirtyPeriods() {
    ClassTracker tracker = new ClassTracker(3);
    List<Integer> switches = new ArrayList<>();
    for (int period = 1; period <= 33; period++) {
      if (tracker.observe(WorkloadClass.MIX_RW).isPresent()) {
        switches.add(period);
      }
    }
    assertThat(switches).containsExactly(3);
  }

  @Test
  void aShiftIsTakenAfterHoldPeriodsAndABlipIsNot() {
    ClassTracker tracker = new ClassTracker(2);
    tracker.observe(WorkloadClass.BL);
    assertThat(tracker.observe(WorkloadClass.BL)).contains(WorkloadClass.BL);
    // One window of reads amid the load, and an idle one: no switch, the run is broken.
    assertThat(tracker.observe(WorkloadClass.RO_READ)).isEmpty();
    assertThat(tracker.observe(WorkloadClass.BL)).isEmpty();
    assertThat(tracker.observe(WorkloadClass.IDLE)).isEmpty();
    // The load ends and reads begin: detected at the second window.
    assertThat(tracker.observe(WorkloadClass.RO_READ)).isEmpty();
    assertThat(tracker.observe(WorkloadClass.IDLE)).as("idle neither counts nor breaks the run").isEmpty();
    assertThat(tracker.observe(WorkloadClass.RO_READ)).contains(WorkloadClass.RO_READ);
    assertThat(tracker.inForce()).isEqualTo(Optional.of(WorkloadClass.RO_READ));
  }
}
