package org.hbaseturbo.verify.register;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * One register per key, as Jepsen's register test keeps them, and the judge of every read. Each key has one writer,
 * which puts 1, 2, 3, ... in turn: it records a value as attempted before it sends it and as acknowledged once HBase
 * acknowledged it, so both only grow. A read is judged as it ends:
 * <ul>
 *   <li><b>stale</b> when it returned less than the value acknowledged before it began: an older value than one
 *       HBase had already promised was written;
 *   <li><b>phantom</b> when it returned more than the value attempted before it ended: a value never written.
 * </ul>
 * The acknowledged value is read before the read is sent, and the writer records an acknowledgement only after it
 * came back, so a read can be judged stale only against a value acknowledged before it began: the judge may miss a
 * stale read inside that gap, never call a fresh one stale. Memory is two counters a key, whatever the reads.
 *
 * <p>Thread-safe: writers and readers record concurrently.
 */
public final class Registers {
  /** Examples of each kind of anomaly a report keeps, the first ones found. */
  static final int EXAMPLES = 10;

  private final AtomicLongArray attempted;
  private final AtomicLongArray acknowledged;
  private final LongAdder writesAcknowledged = new LongAdder();
  private final LongAdder writesFailed = new LongAdder();

  public Registers(int keys) {
    if (keys < 1) {
      throw new IllegalArgumentException("at least one key, not " + keys);
    }
    this.attempted = new AtomicLongArray(keys);
    this.acknowledged = new AtomicLongArray(keys);
  }

  public int keys() {
    return attempted.length();
  }

  /** The next value to write to {@code key}, recorded as attempted: its writer calls it before it sends the Put. */
  long attempt(int key) {
    return attempted.incrementAndGet(key);
  }

  /** HBase acknowledged {@code value} of {@code key}. */
  void acknowledge(int key, long value) {
    acknowledged.accumulateAndGet(key, value, Math::max);
    writesAcknowledged.increment();
  }

  /**
   * A write that failed: HBase may still have applied it, or may yet, so its value counts as attempted (a read of it
   * is no phantom) but not as acknowledged (a read of an older one is not stale).
   */
  void failed() {
    writesFailed.increment();
  }

  /** The value last acknowledged for {@code key}, 0 before any: a reader takes it before it sends its read. */
  long acknowledged(int key) {
    return acknowledged.get(key);
  }

  /**
   * Judges the reads of one path ({@code fastpath}, {@code rpc}): each call of {@link PathJudge#judge} records one
   * read.
   */
  PathJudge judge() {
    return new PathJudge();
  }

  /** The final value of each key against what was acknowledged and attempted, once every writer has stopped. */
  FinalCheck checkFinal(long[] finalValues) {
    if (finalValues.length != keys()) {
      throw new IllegalArgumentException(finalValues.length + " final values for " + keys() + " keys");
    }
    long lost = 0;
    long phantom = 0;
    List<String> lostExamples = new ArrayList<>();
    List<String> phantomExamples = new ArrayList<>();
    for (int key = 0; key < keys(); key++) {
      long value = finalValues[key];
      if (value < acknowledged.get(key)) {
        lost++;
        example(lostExamples, key, value, "acknowledged " + acknowledged.get(key));
      } else if (value > attempted.get(key)) {
        phantom++;
        example(phantomExamples, key, value, "attempted up to " + attempted.get(key));
      }
    }
    return new FinalCheck(lost, phantom, lostExamples, phantomExamples);
  }

  long writesAcknowledged() {
    return writesAcknowledged.sum();
  }

  long writesFailed() {
    return writesFailed.sum();
  }

  /** The reads of one path, judged. */
  final class PathJudge {
    private final LongAdder reads = new LongAdder();
    private final LongAdder failed = new LongAdder();
    private final LongAdder stale = new LongAdder();
    private final LongAdder phantom = new LongAdder();
    private final List<String> staleExamples = new ArrayList<>();
    private final List<String> phantomExamples = new ArrayList<>();

    /**
     * One read of {@code key} that returned {@code value} (0: no value), where {@code acknowledgedBefore} was what
     * {@link #acknowledged} said before the read was sent.
     */
    void judge(int key, long acknowledgedBefore, long value) {
      reads.increment();
      if (value < acknowledgedBefore) {
        stale.increment();
        example(staleExamples, key, value, "acknowledged " + acknowledgedBefore + " before the read began");
      } else {
        long attemptedBy = attempted.get(key);
        if (value > attemptedBy) {
          phantom.increment();
          example(phantomExamples, key, value, "attempted up to " + attemptedBy + " when it ended");
        }
      }
    }

    /** A read that failed: it returned nothing to judge. */
    void failed() {
      failed.increment();
    }

    RegisterCounts.PathReads counts() {
      synchronized (staleExamples) {
        synchronized (phantomExamples) {
          return new RegisterCounts.PathReads(reads.sum(), failed.sum(), stale.sum(), phantom.sum(),
              List.copyOf(staleExamples), List.copyOf(phantomExamples));
        }
      }
    }
  }

  /**
   * What the final values showed.
   *
   * @param lost keys whose final value is older than one acknowledged
   * @param phantom keys whose final value was never written
   */
  record FinalCheck(long lost, long phantom, List<String> lostExamples, List<String> phantomExamples) {
    FinalCheck {
      lostExamples = List.copyOf(lostExamples);
      phantomExamples = List.copyOf(phantomExamples);
    }
  }

  /** Keeps the first {@link #EXAMPLES}; readers add to one list concurrently. */
  private static void example(List<String> examples, int key, long value, String against) {
    synchronized (examples) {
      if (examples.size() < EXAMPLES) {
        examples.add("key " + key + " read " + value + ", " + against);
      }
    }
  }
}
