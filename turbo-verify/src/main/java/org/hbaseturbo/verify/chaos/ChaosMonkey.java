package org.hbaseturbo.verify.chaos;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * Takes a policy's actions, one at a time, a period apart, on a thread of its own while a load runs, and records
 * each; {@link #stop} lets the running action finish and then waits until the cluster is whole again, so that what
 * is read afterwards is what the cluster kept, not what it has yet to recover.
 */
public final class ChaosMonkey {
  /**
   * What chaos did.
   *
   * @param policy its policy's name
   * @param periodSeconds the pause between the end of one action and the start of the next
   * @param skipped the policy's actions this cluster cannot take (servers to kill on a cluster of another JVM)
   * @param actions every action taken, in order, and the wait for a whole cluster last
   */
  public record Report(String policy, long periodSeconds, List<String> skipped, List<ChaosRecord> actions) {
    /** The actions that did what they meant to, the wait for a whole cluster not counted. */
    public long succeeded() {
      return actions.stream().filter(action -> action.succeeded() && !action.action().equals(SETTLE)).count();
    }
  }

  private static final String SETTLE = "settle";
  /**
   * The first action comes this soon, or one period from the start where that is sooner: loops written in less than
   * a period (300,000 nodes take some 35 s on 2 cores, against HBase's 60 s default) would otherwise see none.
   */
  static final Duration FIRST_ACTION = Duration.ofSeconds(5);
  private static final Duration STOP_TIMEOUT = ChaosTarget.ACTION_TIMEOUT.multipliedBy(2);

  private final ChaosPolicy policy;
  /** The policy's actions it takes, or those it was asked to take of them, in their order. */
  private final List<ChaosAction> chosen;
  /** Whether it was asked for its actions: it takes each once, in that order, and then no more. */
  private final boolean scripted;
  private final Duration period;
  private final ChaosTarget target;
  private final SplittableRandom choice;
  private final Consumer<String> progress;
  private final List<ChaosAction> available;
  private final List<ChaosRecord> records = Collections.synchronizedList(new ArrayList<>());
  private final CountDownLatch stopping = new CountDownLatch(1);
  private final Thread thread;
  /** The actions begun so far: the schedule's next is the one at this index. */
  private final AtomicInteger begun = new AtomicInteger();
  private long startNanos;

  /**
   * @param only the policy's actions to take, by name ({@code --chaos-actions}), each once, in the order to take
   *     them, and then no more; empty for the policy's own, taken as it takes them until {@link #stop}
   * @param choice picks the next action where the policy picks at random
   * @param progress told of each action as it ends
   */
  public ChaosMonkey(ChaosPolicy policy, List<String> only, Duration period, ChaosTarget target,
      SplittableRandom choice, Consumer<String> progress) {
    this.policy = requireNonNull(policy, "policy is null");
    this.chosen = policy.actionsNamed(only);
    this.scripted = !only.isEmpty();
    this.period = requireNonNull(period, "period is null");
    this.target = requireNonNull(target, "target is null");
    this.choice = requireNonNull(choice, "choice is null");
    this.progress = requireNonNull(progress, "progress is null");
    this.available = chosen.stream().filter(action -> action.canActOn(target)).toList();
    this.thread = new Thread(this::act, "turbo-chaos");
    thread.setDaemon(true);
  }

  /** The actions chosen of the policy that this cluster cannot take. */
  public List<String> skipped() {
    return chosen.stream().filter(action -> !available.contains(action)).map(ChaosAction::label).toList();
  }

  /** Begins: the first action comes {@link #FIRST_ACTION} from now, or one period where that is sooner. */
  public void start() {
    startNanos = System.nanoTime();
    if (!available.isEmpty()) {
      thread.start();
    }
  }

  /** The actions of a schedule asked for ({@code --chaos-actions}) not yet begun; none for a policy's own. */
  public List<String> unbegun() {
    if (!scripted) {
      return List.of();
    }
    return available.stream().skip(begun.get()).map(ChaosAction::label).toList();
  }

  /**
   * Ends chaos once the load is done: a schedule asked for takes its actions not yet taken first, each still a
   * period apart, so that no action asked for is left out because the load ended sooner; a policy's own actions
   * stop at once, as {@link #stop} stops them. Then it waits for the cluster to be whole again.
   *
   * @throws IOException when an action does not end, or the cluster does not settle, in a few minutes
   */
  public Report finish() throws IOException {
    if (scripted) {
      // Each action left gets its period before it and its own timeout; the running one's is in stop's.
      long remaining = unbegun().size();
      join(period.plus(ChaosTarget.ACTION_TIMEOUT).multipliedBy(remaining));
    }
    return stop();
  }

  /**
   * Takes no further action, waits for the one running, and then for the cluster to be whole again.
   *
   * @throws IOException when the running action does not end, or the cluster does not settle, in a few minutes
   */
  public Report stop() throws IOException {
    stopping.countDown();
    join(STOP_TIMEOUT);
    if (thread.isAlive()) {
      throw new IOException("chaos's last action did not end within " + STOP_TIMEOUT.toMinutes() + " minutes");
    }
    long settleStart = System.nanoTime();
    String settled = target.settle();
    record(SETTLE, settleStart, true, settled);
    return new Report(policy.label(), period.toSeconds(), skipped(), List.copyOf(records));
  }

  private void join(Duration timeout) throws InterruptedIOException {
    try {
      thread.join(Math.max(1, timeout.toMillis()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while chaos stopped");
    }
  }

  private void act() {
    Duration wait = period.compareTo(FIRST_ACTION) < 0 ? period : FIRST_ACTION;
    for (long step = 0; !(scripted && step == available.size()) && !awaitStop(wait); step++, wait = period) {
      ChaosAction action = scripted ? available.get((int) step) : policy.pick(step, available, choice);
      begun.incrementAndGet();
      long start = System.nanoTime();
      try {
        record(action.label(), start, true, action.perform(target));
      } catch (IOException | RuntimeException e) {
        record(action.label(), start, false, String.valueOf(e.getMessage()));
      }
    }
  }

  /** Waits {@code wait}; true when asked to stop meanwhile. */
  private boolean awaitStop(Duration wait) {
    try {
      return stopping.await(wait.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return true;
    }
  }

  private void record(String action, long start, boolean succeeded, String outcome) {
    long end = System.nanoTime();
    ChaosRecord record = new ChaosRecord(action, seconds(start - startNanos), seconds(end - start), succeeded,
        outcome);
    records.add(record);
    progress.accept(String.format("chaos at %.0f s: %s %s in %.1f s: %s", record.atSeconds(), action,
        succeeded ? "done" : "FAILED", record.seconds(), outcome));
  }

  private static double seconds(long nanos) {
    return Math.round(nanos / 1e8) / 10.0;
  }
}
