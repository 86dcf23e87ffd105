package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hbaseturbo.testsupport.TestingTables.create;
import static org.hbaseturbo.testsupport.TestingTables.load;
import static org.hbaseturbo.testsupport.TestingTables.row;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.tune.policy.PolicyLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The watcher takes each switch as a trial on a real cluster: a switch under which the workload ran slower is
 * rolled back, and a switch to the same values is held back when the workload turns that class again, also by a watch
 * started again on the same audit log. The client here is
 * slowed on purpose while the family's block size is RO-read's 32 KiB, so that the policy is slower for certain.
 */
@ExtendWith(SharedHBaseCluster.class)
class PolicyTrialIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final int ROWS = 200;
  private static final int ORIGINAL_BLOCKSIZE = 65536;
  private static final int RO_READ_BLOCKSIZE = 32768;

  @TempDir
  Path dir;

  @Test
  void aSwitchTheWorkloadRanSlowerUnderIsRevertedAndHeldBack(Connection connection) throws Exception {
    TableName name = create(connection, "trial", table -> table.setColumnFamily(
        ColumnFamilyDescriptorBuilder.newBuilder(F).setBlocksize(ORIGINAL_BLOCKSIZE).build()));
    load(connection, name, F, Q, 0, ROWS);
    AuditLog audit = new AuditLog(dir.resolve("audit.jsonl"));
    WorkloadWatcher watcher = new WorkloadWatcher(connection, new PolicyExecutor(connection, audit,
        Optional.empty(), false), PolicyLoader.shipped(), Optional.of(name), new ClassTracker(1), false,
        new WorkloadWatcher.Trials(2, Duration.ofMinutes(30)));
    try (Reader reader = new Reader(connection, name)) {
      List<WorkloadWatcher.Period> gets = watchUntil(watcher, period -> !period.judgments().isEmpty());
      assertThat(gets).anySatisfy(period -> assertThat(period.switchedTo()).contains(WorkloadClass.RO_READ));
      WorkloadWatcher.Judgment reverted = gets.get(gets.size() - 1).judgments().get(0);
      assertThat(reverted.entry().status()).isEqualTo(AuditLog.Status.REVERTED);
      assertThat(reverted.entry().detail()).startsWith("throughput trial/baseline 0.");
      assertThat(reverted.reverted()).extracting(AuditLog.Entry::key, AuditLog.Entry::newValue)
          .contains(org.assertj.core.groups.Tuple.tuple("BLOCKSIZE", Integer.toString(ORIGINAL_BLOCKSIZE)));
      assertThat(blocksize(connection, name)).as("the family as it was").isEqualTo(ORIGINAL_BLOCKSIZE);

      reader.scans(true);
      watchUntil(watcher, period -> period.switchedTo().equals(Optional.of(WorkloadClass.RO_SCAN)));
      reader.scans(false);
      // A watch started again on the same audit log, as after a restart of 'tune watch': the log tells the verdict.
      WorkloadWatcher restarted = new WorkloadWatcher(connection, new PolicyExecutor(connection, audit,
          Optional.empty(), false), PolicyLoader.shipped(), Optional.of(name), new ClassTracker(1), false,
          new WorkloadWatcher.Trials(2, Duration.ofMinutes(30)));
      List<WorkloadWatcher.Period> again = watchUntil(restarted,
          period -> period.switchedTo().equals(Optional.of(WorkloadClass.RO_READ)));
      WorkloadWatcher.Period held = again.get(again.size() - 1);
      assertThat(held.applied()).as("nothing applied").isEmpty();
      assertThat(held.judgments()).last().satisfies(judgment -> {
        assertThat(judgment.workloadClass()).isEqualTo(WorkloadClass.RO_READ);
        assertThat(judgment.entry().status()).isEqualTo(AuditLog.Status.HELD);
        assertThat(judgment.entry().detail()).contains("set the same values and was reverted (throughput"
            + " trial/baseline 0.");
      });
      assertThat(blocksize(connection, name)).as("not RO-read's").isNotEqualTo(RO_READ_BLOCKSIZE);
    }
    assertThat(audit.read()).filteredOn(entry -> entry.action().equals("trial")).extracting(AuditLog.Entry::status)
        .startsWith(AuditLog.Status.REVERTED).endsWith(AuditLog.Status.HELD);
  }

  /** Watches 1 s periods until one passes {@code last}, at most 20. */
  private static List<WorkloadWatcher.Period> watchUntil(WorkloadWatcher watcher,
      Predicate<WorkloadWatcher.Period> last) throws Exception {
    List<WorkloadWatcher.Period> periods = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      WorkloadWatcher.Period period = watcher.watch(Duration.ofSeconds(1), line -> { });
      periods.add(period);
      if (last.test(period)) {
        return periods;
      }
    }
    throw new AssertionError("no such period in 20: " + periods.stream().map(period -> period.observed() + " "
        + period.switchedTo() + " " + period.judgments()).toList());
  }

  private static int blocksize(Connection connection, TableName name) throws Exception {
    try (Admin admin = connection.getAdmin()) {
      return admin.getDescriptor(name).getColumnFamily(F).getBlocksize();
    }
  }

  /**
   * Reads the table without pause (Gets, or short scans once asked to), and ten times slower while the
   * family's block size is RO-read's: the planted cost of that policy.
   */
  private static final class Reader implements AutoCloseable {
    private final AtomicBoolean stopping = new AtomicBoolean();
    private final AtomicBoolean scans = new AtomicBoolean();
    private final AtomicReference<Exception> failure = new AtomicReference<>();
    private final Thread thread;

    Reader(Connection connection, TableName name) {
      thread = new Thread(() -> {
        try (Table table = connection.getTable(name); Admin admin = connection.getAdmin()) {
          long checked = 0;
          boolean slow = false;
          while (!stopping.get()) {
            if (System.nanoTime() - checked > 200_000_000L) {
              slow = admin.getDescriptor(name).getColumnFamily(F).getBlocksize() == RO_READ_BLOCKSIZE;
              checked = System.nanoTime();
            }
            long begun = System.nanoTime();
            int at = ThreadLocalRandom.current().nextInt(ROWS - 10);
            if (scans.get()) {
              try (ResultScanner scanner = table.getScanner(new Scan().withStartRow(row(at)).setLimit(5))) {
                for (Result ignored : scanner) {
                  // Read through.
                }
              }
            } else {
              table.get(new Get(row(at)));
            }
            if (slow) {
              Thread.sleep(Math.max(1, (System.nanoTime() - begun) * 9 / 1_000_000));
            }
          }
        } catch (Exception e) {
          failure.set(e);
        }
      }, "trial-reader");
      thread.start();
    }

    void scans(boolean on) {
      scans.set(on);
    }

    @Override
    public void close() throws IOException {
      stopping.set(true);
      try {
        thread.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new InterruptedIOException("interrupted while the reader stopped");
      }
      if (failure.get() != null) {
        throw new IOException("the reader failed", failure.get());
      }
    }
  }
}
