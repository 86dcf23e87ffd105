package org.hbaseturbo.tune;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.hbaseturbo.client.stats.OperationLatencies;
import org.hbaseturbo.common.Messages;
import org.hbaseturbo.common.Pause;
import org.hbaseturbo.tune.WorkloadWindow.TableWorkload;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.Route;

/**
 * The PCM paper's loop: monitor a window, classify it, and when a new class has held ({@link ClassTracker}),
 * apply its policy ({@link PolicyExecutor}). Beyond the paper, each switch is a {@link PolicyTrial}: the windows
 * after it are measured against those before it, and a switch that measured slower is rolled back. A switch whose
 * outcome the audit log already tells, because a trial of the same class setting the same values was reverted within
 * the hold, is not made: its apply and its revert would each cost a reopen of the regions, or a move of the heap, for
 * nothing. Read from the log, that holds for a watch started again too. A caller that stops it early synchronizes on
 * it first, to wait for a change under way.
 */
public final class WorkloadWatcher {
  private final WorkloadMonitor monitor;
  private final Recommender recommender;
  private final PolicyExecutor executor;
  private final Map<WorkloadClass, Policy> policies;
  private final Optional<TableName> table;
  private final ClassTracker tracker;
  private final boolean dryRun;
  private final Trials trials;
  /** The windows of the class seen last, in a row, under the settings in force: a switch's baseline. */
  private final List<PolicyTrial.Window> run = new ArrayList<>();
  private WorkloadClass runClass;
  /** The switch on trial; null when none is. */
  private PolicyTrial trial;
  /** Where the next window starts, when it began before a switch was made: the trial's first window. */
  private WorkloadMonitor.Start carried;
  /** Whether a period was read yet. */
  private boolean read;

  /**
   * @param table the table to watch and configure; empty for the user tables together and the servers alone
   * @param dryRun say what each switch would change, and change nothing
   * @param trials how each switch is judged
   */
  public WorkloadWatcher(Connection connection, PolicyExecutor executor, Map<WorkloadClass, Policy> policies,
      Optional<TableName> table, ClassTracker tracker, boolean dryRun, Trials trials) {
    this(connection, new WorkloadMonitor(connection), executor, policies, table, tracker, dryRun, trials);
  }

  WorkloadWatcher(Connection connection, WorkloadMonitor monitor, PolicyExecutor executor,
      Map<WorkloadClass, Policy> policies, Optional<TableName> table, ClassTracker tracker, boolean dryRun,
      Trials trials) {
    this.monitor = monitor;
    this.recommender = new Recommender(connection);
    this.executor = executor;
    this.policies = policies;
    this.table = table;
    this.tracker = tracker;
    this.dryRun = dryRun;
    this.trials = trials;
  }

  /**
   * Watches one period; switches policy when the tracker says so, and judges the switch on trial. A period whose
   * counts cannot be read, because a RegionServer crashed, restarted or does not answer, is skipped: it counts
   * towards no class and no trial, and the watch goes on.
   *
   * @throws IOException when not one period could be read yet, or the servers refuse the caller
   */
  public Period watch(Duration period, Consumer<String> progress) throws IOException {
    long began = System.nanoTime();
    WorkloadWindow window;
    try {
      window = window(period);
    } catch (AccessDeniedException | InterruptedIOException stop) {
      throw stop;
    } catch (IOException | IllegalStateException unread) {
      // Before any period was read, a server that does not answer is a cluster without the server jar, not a crash.
      if (!read && unread instanceof IOException) {
        throw (IOException) unread;
      }
      // A reading that failed at once still takes the period, or the caller's loop would ask again and again.
      Duration left = period.minusNanos(System.nanoTime() - began);
      Pause.sleep(left.isNegative() ? Duration.ZERO : left, "waiting out a period that could not be read");
      return Period.notRead(Messages.firstLine(unread));
    }
    read = true;
    TableWorkload workload = table.isEmpty() ? window.cluster()
        : window.tables().get(table.get().getNameAsString());
    WorkloadClass observed = workload == null ? WorkloadClass.IDLE : workload.classification().workloadClass();
    PolicyTrial.Window measured = workload == null
        ? new PolicyTrial.Window(window.seconds(), 0, OperationLatencies.NONE)
        : new PolicyTrial.Window(window.seconds(), workload.operationsPerSecond() * window.seconds(),
            workload.latencies());
    if (observed != WorkloadClass.IDLE) {
      if (observed != runClass) {
        forgetRun();
        runClass = observed;
      }
      run.add(measured);
    }
    // After the window joined the run: a revert forgets it with the rest, measured under the settings reverted.
    List<Judgment> judgments = new ArrayList<>();
    if (trial != null) {
      follow(observed, measured, progress).ifPresent(judgments::add);
    }
    Optional<WorkloadClass> switchTo = tracker.observe(observed);
    List<AuditLog.Entry> applied = List.of();
    if (switchTo.isPresent()) {
      Recommendation recommendation = recommender.recommend(policies.get(switchTo.get()), table);
      Optional<AuditLog.Entry> reverted = dryRun || trials.periods() == 0 ? Optional.empty()
          : executor.revertedAlike(recommendation, Instant.now().minus(trials.hold()));
      if (reverted.isPresent()) {
        String detail = "its trial at " + reverted.get().time() + " set the same values and was reverted ("
            + reverted.get().detail() + "); not tried again before "
            + Instant.parse(reverted.get().time()).plus(trials.hold());
        progress.accept("held: the " + switchTo.get().label() + " policy, " + detail);
        judgments.add(new Judgment(switchTo.get(), executor.judge(UUID.randomUUID().toString(), switchTo.get(),
            target(), null, null, AuditLog.Status.HELD, detail), List.of()));
      } else {
        applied = switchTo(switchTo.get(), recommendation, progress);
      }
    }
    return new Period(window, workload, observed, switchTo, applied, judgments, Optional.empty());
  }

  /** The class whose policy was taken last (and is in force, unless its trial reverted it); empty before any. */
  public Optional<WorkloadClass> inForce() {
    return tracker.inForce();
  }

  private List<AuditLog.Entry> switchTo(WorkloadClass workloadClass, Recommendation recommendation,
      Consumer<String> progress) throws IOException {
    boolean judged = trials.periods() > 0 && !dryRun;
    WorkloadMonitor.Start before = judged ? monitor.start() : null;
    List<AuditLog.Entry> applied;
    // Under this watcher's lock, which a stop waits for: a change is made whole, and audited, or not begun.
    synchronized (this) {
      applied = executor.apply(recommendation, dryRun, progress);
    }
    Optional<String> change = applied.stream().filter(entry -> entry.status() == AuditLog.Status.APPLIED)
        .map(AuditLog.Entry::change).findFirst();
    if (judged && change.isPresent()) {
      // The run's first window began before the workload turned this class; the others are its baseline.
      List<PolicyTrial.Window> baseline = run.size() > 1 ? run.subList(1, run.size()) : run;
      int warmUp = reopenedRegions(applied, workloadClass) ? 1 : 0;
      trial = new PolicyTrial(workloadClass, change.get(), baseline, trials.periods(), warmUp);
      carried = before;
      progress.accept("on trial: the " + workloadClass.label() + " policy, over the next " + trials.periods()
          + " periods against the " + baseline.size() + " before it" + (warmUp == 0 ? ""
          : ", after a period of warm-up (its regions reopened)"));
    }
    forgetRun();
    return applied;
  }

  /**
   * Whether an apply reopened regions: a table's or family's values under a class that writes (a read-only class's
   * regions take them when they next open), or a pre-split.
   */
  static boolean reopenedRegions(List<AuditLog.Entry> applied, WorkloadClass workloadClass) {
    return applied.stream().filter(entry -> entry.status() == AuditLog.Status.APPLIED).map(AuditLog.Entry::route)
        .anyMatch(route -> route == Route.PRESPLIT
            || route.ofTable() && !workloadClass.readOnly());
  }

  /** Windows measured under settings since changed are no baseline for the next switch. */
  private void forgetRun() {
    run.clear();
    runClass = null;
  }

  /** Takes one window into the trial under way; judges it once complete, or ends it when the class changed. */
  private Optional<Judgment> follow(WorkloadClass observed, PolicyTrial.Window window, Consumer<String> progress)
      throws IOException {
    if (observed == WorkloadClass.IDLE) {
      return Optional.empty();
    }
    PolicyTrial judged = trial;
    if (observed != judged.workloadClass()) {
      trial = null;
      String detail = "the workload turned " + observed.label() + " after " + judged.measured() + " of "
          + judged.periods() + " trial periods";
      return Optional.of(new Judgment(judged.workloadClass(), executor.judge(judged.change(),
          judged.workloadClass(), target(), null, null, AuditLog.Status.INCONCLUSIVE, detail), List.of()));
    }
    PolicyTrial.Verdict verdict = judged.add(window);
    if (verdict == null) {
      return Optional.empty();
    }
    trial = null;
    // The verdict first: should the rollback fail, the log says why it was begun, and 'tune rollback' ends it.
    AuditLog.Entry entry = executor.judge(judged.change(), judged.workloadClass(), target(), verdict.baselineText(),
        verdict.trialText(), verdict.keep() ? AuditLog.Status.KEPT : AuditLog.Status.REVERTED, verdict.evidence());
    List<AuditLog.Entry> reverted = List.of();
    if (!verdict.keep()) {
      progress.accept("reverting the " + judged.workloadClass().label() + " policy: " + verdict.evidence());
      synchronized (this) {
        reverted = executor.revert(judged.change(), judged.workloadClass(), progress);
      }
      forgetRun();
    }
    return Optional.of(new Judgment(judged.workloadClass(), entry, reverted));
  }

  /** The next window: from before the switch just made, if it was; a restart since then starts it anew. */
  private WorkloadWindow window(Duration period) throws IOException {
    WorkloadMonitor.Start start = carried;
    carried = null;
    if (start != null) {
      Pause.sleep(period, "watching the workload");
      try {
        return monitor.end(start);
      } catch (IllegalStateException restarted) {
        // The switch restarted the servers, whose counts began again: the window from before it cannot be read.
      }
    }
    return monitor.watch(period);
  }

  private AuditLog.Target target() {
    return table.map(AuditLog.Target::table).orElse(AuditLog.Target.SERVERS);
  }

  /**
   * How switches are judged.
   *
   * @param periods periods after a switch over which it is measured; 0 keeps every switch unjudged, as the paper's
   *     loop does
   * @param hold how long a switch is not made again that would set the values a reverted trial of its class set
   */
  public record Trials(int periods, Duration hold) {
    /** Every switch kept, unjudged. */
    public static final Trials NONE = new Trials(0, Duration.ZERO);

    public Trials {
      if (periods < 0 || hold.isNegative()) {
        throw new IllegalArgumentException("trial periods and hold must not be negative, were " + periods + " and "
            + hold);
      }
    }
  }

  /**
   * A trial's end, or a switch held back.
   *
   * @param entry its audit entry: {@link AuditLog.Status#KEPT}, {@link AuditLog.Status#REVERTED},
   *     {@link AuditLog.Status#INCONCLUSIVE} or {@link AuditLog.Status#HELD}, with the evidence
   * @param reverted what the rollback of a reverted switch restored
   */
  public record Judgment(WorkloadClass workloadClass, AuditLog.Entry entry, List<AuditLog.Entry> reverted) {
    /** One line: the class, the verdict, its evidence and, for a trial judged, both throughputs. */
    public String text() {
      return "the " + workloadClass.label() + " policy " + entry.status() + ": " + entry.detail()
          + (entry.oldValue() == null ? "" : "; before " + entry.oldValue() + ", after " + entry.newValue());
    }
  }

  /**
   * One period.
   *
   * @param workload the watched table's (or the cluster's) window; null when the table saw nothing
   * @param switchedTo the class whose policy was applied at its end, if any
   * @param applied the changes that switch made, planned or (dry run) would make
   * @param judgments a trial that ended in this period, then a switch held back, if any
   * @param notRead why the period's counts could not be read, when they could not; then it has no window, workload
   *     or class
   */
  public record Period(WorkloadWindow window, TableWorkload workload, WorkloadClass observed,
      Optional<WorkloadClass> switchedTo, List<AuditLog.Entry> applied, List<Judgment> judgments,
      Optional<String> notRead) {
    static Period notRead(String why) {
      return new Period(null, null, null, Optional.empty(), List.of(), List.of(), Optional.of(why));
    }
  }
}
