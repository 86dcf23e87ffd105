package org.hbaseturbo.tune;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.tune.WorkloadWindow.TableWorkload;
import org.hbaseturbo.tune.policy.Policy;

/**
 * The PCM paper's loop: monitor a window, classify it, and when a new class has held ({@link ClassTracker}),
 * apply its policy ({@link PolicyExecutor}). A caller that stops it early synchronizes on it first, to wait for a
 * change under way.
 */
public final class WorkloadWatcher {
  private final WorkloadMonitor monitor;
  private final Recommender recommender;
  private final PolicyExecutor executor;
  private final Map<WorkloadClass, Policy> policies;
  private final Optional<TableName> table;
  private final ClassTracker tracker;
  private final boolean dryRun;

  /**
   * @param table the table to watch and configure; empty for the user tables together and the servers alone
   * @param dryRun say what each switch would change, and change nothing
   */
  public WorkloadWatcher(Connection connection, PolicyExecutor executor, Map<WorkloadClass, Policy> policies,
      Optional<TableName> table, ClassTracker tracker, boolean dryRun) {
    this.monitor = new WorkloadMonitor(connection);
    this.recommender = new Recommender(connection);
    this.executor = executor;
    this.policies = policies;
    this.table = table;
    this.tracker = tracker;
    this.dryRun = dryRun;
  }

  /** Watches one period; switches policy when the tracker says so. */
  public Period watch(Duration period, Consumer<String> progress) throws IOException {
    WorkloadWindow window = monitor.watch(period);
    TableWorkload workload = table.isEmpty() ? window.cluster()
        : window.tables().get(table.get().getNameAsString());
    WorkloadClass observed = workload == null ? WorkloadClass.IDLE : workload.classification().workloadClass();
    Optional<WorkloadClass> switchTo = tracker.observe(observed);
    List<AuditLog.Entry> applied = List.of();
    if (switchTo.isPresent()) {
      Recommendation recommendation = recommender.recommend(policies.get(switchTo.get()), table);
      // Under this watcher's lock, which a stop waits for: a change is made whole, and audited, or not begun.
      synchronized (this) {
        applied = executor.apply(recommendation, dryRun, progress);
      }
    }
    return new Period(window, workload, observed, switchTo, applied);
  }

  /** The class whose policy is in force; empty before the first switch. */
  public Optional<WorkloadClass> inForce() {
    return tracker.inForce();
  }

  /**
   * One period.
   *
   * @param workload the watched table's (or the cluster's) window; null when the table saw nothing
   * @param switchedTo the class whose policy was applied at its end, if any
   * @param applied the changes that switch made, planned or (dry run) would make
   */
  public record Period(WorkloadWindow window, TableWorkload workload, WorkloadClass observed,
      Optional<WorkloadClass> switchedTo, List<AuditLog.Entry> applied) {
  }
}
