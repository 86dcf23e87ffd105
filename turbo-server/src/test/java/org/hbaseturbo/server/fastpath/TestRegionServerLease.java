package org.hbaseturbo.server.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ConnectException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The lease a RegionServer serves the fast path under, on a clock and a ZooKeeper the test moves by hand. */
class TestRegionServerLease {
  private static final long SESSION_MS = 10_000;

  private final AtomicLong now = new AtomicLong(1_000);
  private volatile long answer = SESSION_MS;
  private volatile boolean reachable = true;

  private final RegionServerLease lease = new RegionServerLease(() -> {
    if (!reachable) {
      throw new ConnectException("planted: ZooKeeper unreachable");
    }
    return answer;
  }, now::get, "lease-test");

  @Test
  void notHeldUntilZooKeeperConfirmsTheSession() {
    assertThat(lease.held()).isFalse();
    lease.renewOnce();
    assertThat(lease.held()).isTrue();
  }

  @Test
  void aConfirmationHoldsForHalfTheSessionFromWhenItWasAsked() {
    lease.renewOnce();
    advanceMillis(SESSION_MS / 2 - 1);
    assertThat(lease.held()).isTrue();
    advanceMillis(1);
    assertThat(lease.held()).as("half the session after the question").isFalse();
    assertThat(lease.lapsed()).contains("cannot be sure it still holds its regions", "5000 ms ago");
  }

  @Test
  void aPauseLongerThanHalfTheSessionLapsesItWhateverCameBefore() {
    lease.renewOnce();
    // SIGSTOP for two minutes: the monotonic clock runs on, and the lease's thread asked nothing meanwhile.
    advanceMillis(120_000);
    assertThat(lease.held()).isFalse();
  }

  @Test
  void withoutAnswersOrWithAnotherSessionsNodeItLapses() {
    lease.renewOnce();
    reachable = false;
    advanceMillis(1_000);
    lease.renewOnce();
    advanceMillis(SESSION_MS / 2 - 1_000);
    assertThat(lease.held()).as("a partition from ZooKeeper").isFalse();
    reachable = true;
    answer = -1;
    lease.renewOnce();
    assertThat(lease.held()).as("the node now belongs to another session").isFalse();
    answer = SESSION_MS;
    assertThat(TimeUnit.NANOSECONDS.toMillis(lease.renewOnce())).as("asks again within a second").isLessThanOrEqualTo(
        1_000);
    assertThat(lease.held()).isTrue();
  }

  private void advanceMillis(long millis) {
    now.addAndGet(TimeUnit.MILLISECONDS.toNanos(millis));
  }
}
