package org.hbaseturbo.tune;

import java.util.Optional;

/**
 * Decides when the workload has changed class for good, so that a policy is applied once per real shift and not on
 * every noisy window: a new class must be seen in {@code hold} windows in a row. Idle windows (no operations) say
 * nothing about the workload and neither count nor break a run.
 */
public final class ClassTracker {
  private final int hold;
  private WorkloadClass inForce;
  private WorkloadClass candidate;
  private int seen;

  /** @param hold windows in a row a new class must hold before it is taken, at least 1 */
  public ClassTracker(int hold) {
    if (hold < 1) {
      throw new IllegalArgumentException("hold must be at least 1, was " + hold);
    }
    this.hold = hold;
  }

  /** The class whose policy is in force; empty before the first switch. */
  public Optional<WorkloadClass> inForce() {
    return Optional.ofNullable(inForce);
  }

  /**
   * Takes one window's class.
   *
   * @return the class to switch to, when this window completes a run of {@code hold}; else empty
   */
  public Optional<WorkloadClass> observe(WorkloadClass observed) {
    if (observed == WorkloadClass.IDLE) {
      return Optional.empty();
    }
    if (observed == inForce) {
      candidate = null;
      seen = 0;
      return Optional.empty();
    }
    if (observed == candidate) {
      seen++;
    } else {
      candidate = observed;
      seen = 1;
    }
    if (seen < hold) {
      return Optional.empty();
    }
    inForce = candidate;
    candidate = null;
    seen = 0;
    return Optional.of(inForce);
  }
}
