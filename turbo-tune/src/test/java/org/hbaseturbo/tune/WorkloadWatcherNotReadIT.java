package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.client.stats.WorkloadReading;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.tune.policy.PolicyLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * A watch outlives a RegionServer that crashes or restarts under it: the period it could not read is skipped with
 * the reason, and the next one is read. The servers' readings are real; the failures are planted in front of them.
 */
@ExtendWith(SharedHBaseCluster.class)
class WorkloadWatcherNotReadIT {
  private static final Duration PERIOD = Duration.ofSeconds(1);
  private static final String NO_ANSWER = "RegionServer rs-1 does not answer ServerStatsEndpoint";

  @TempDir
  Path dir;

  @Test
  void aPeriodThatCannotBeReadIsSkippedOnceOneWasRead(Connection connection) throws Exception {
    Planted readings = new Planted(new ServerStatsReader(connection));
    WorkloadWatcher watcher = new WorkloadWatcher(connection, new WorkloadMonitor(connection, readings),
        new PolicyExecutor(connection, new AuditLog(dir.resolve("audit.jsonl")), Optional.empty(), false),
        PolicyLoader.shipped(), Optional.empty(), new ClassTracker(1), false, WorkloadWatcher.Trials.NONE);

    readings.next.add(real -> {
      throw new IOException(NO_ANSWER);
    });
    assertThatThrownBy(() -> watcher.watch(PERIOD, line -> { }))
        .as("before any period was read: a cluster without the server jar").hasMessage(NO_ANSWER);
    assertThat(watcher.watch(PERIOD, line -> { }).notRead()).isEmpty();

    readings.next.add(real -> {
      throw new IOException(NO_ANSWER);
    });
    long began = System.nanoTime();
    WorkloadWatcher.Period crashed = watcher.watch(PERIOD, line -> { });
    assertThat(crashed.notRead()).contains(NO_ANSWER);
    assertThat(crashed.switchedTo()).isEmpty();
    assertThat(crashed.judgments()).isEmpty();
    assertThat(Duration.ofNanos(System.nanoTime() - began)).as("a reading that failed at once still took the period")
        .isGreaterThanOrEqualTo(PERIOD.minusMillis(50));

    // The period's first reading is as it was; its last comes from other RegionServer JVMs.
    readings.next.add(real -> real);
    readings.next.add(real -> new WorkloadReading(real.nanoTime(), List.of("a RegionServer JVM since restarted"),
        real.tables(), real.servers()));
    assertThat(watcher.watch(PERIOD, line -> { }).notRead()).hasValueSatisfying(why ->
        assertThat(why).contains("the RegionServers changed"));
    assertThat(watcher.watch(PERIOD, line -> { }).notRead()).as("read again").isEmpty();

    readings.next.add(real -> {
      throw new AccessDeniedException("refused");
    });
    assertThatThrownBy(() -> watcher.watch(PERIOD, line -> { })).isInstanceOf(AccessDeniedException.class);
    readings.next.add(real -> {
      throw new InterruptedIOException("interrupted");
    });
    assertThatThrownBy(() -> watcher.watch(PERIOD, line -> { })).isInstanceOf(InterruptedIOException.class);
  }

  /** The servers' readings, each passed through the next fault planted, if any. */
  private static final class Planted implements WorkloadMonitor.Readings {
    private final ServerStatsReader reader;
    final Deque<Fault> next = new ArrayDeque<>();

    Planted(ServerStatsReader reader) {
      this.reader = reader;
    }

    @Override
    public WorkloadReading read() throws IOException {
      WorkloadReading real = reader.workload();
      Fault fault = next.poll();
      return fault == null ? real : fault.apply(real);
    }
  }

  private interface Fault {
    WorkloadReading apply(WorkloadReading real) throws IOException;
  }
}
