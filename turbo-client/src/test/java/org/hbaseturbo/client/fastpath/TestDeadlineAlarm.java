package org.hbaseturbo.client.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TestDeadlineAlarm {
  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);

  private final ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1);
  private final ReplyWaits waits = new ReplyWaits();
  private final Semaphore wakes = new Semaphore(0);
  private final DeadlineAlarm alarm = new DeadlineAlarm(timer, wakes::release, waits);

  @AfterEach
  void stopTimer() {
    timer.shutdownNow();
  }

  @Test
  void waitsWhoseDeadlinesComeNoEarlierShareTheAlarmSetFirst() {
    long now = System.nanoTime();
    for (int wait = 0; wait < 1_000; wait++) {
      alarm.armBy(now + 60 * SECOND + wait, now);
    }
    assertThat(waits.snapshot().alarms()).isEqualTo(1);
    assertThat(timer.getQueue()).hasSize(1);
  }

  @Test
  void anEarlierDeadlineSetsAnAlarmOfItsOwn() {
    long now = System.nanoTime();
    alarm.armBy(now + 60 * SECOND, now);
    alarm.armBy(now + 30 * SECOND, now);
    alarm.armBy(now + 45 * SECOND, now);
    assertThat(waits.snapshot().alarms()).isEqualTo(2);
  }

  @Test
  void theAlarmWakesTheWaiterAtItsDeadlineAndTheNextWaitSetsANewOne() throws InterruptedException {
    long now = System.nanoTime();
    alarm.armBy(now + TimeUnit.MILLISECONDS.toNanos(20), now);
    assertThat(wakes.tryAcquire(10, TimeUnit.SECONDS)).as("woken").isTrue();
    assertThat(System.nanoTime() - now).as("not before the deadline").isGreaterThanOrEqualTo(
        TimeUnit.MILLISECONDS.toNanos(20));

    // Woken early for a later deadline, the waiter arms the alarm again for its own.
    long later = System.nanoTime();
    alarm.armBy(later + TimeUnit.MILLISECONDS.toNanos(20), later);
    assertThat(waits.snapshot().alarms()).isEqualTo(2);
    assertThat(wakes.tryAcquire(10, TimeUnit.SECONDS)).as("woken again").isTrue();
  }
}
