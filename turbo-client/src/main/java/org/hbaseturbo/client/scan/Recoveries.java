package org.hbaseturbo.client.scan;

import java.util.concurrent.atomic.LongAdder;

/**
 * What the executes of one prepared scan met and recovered from, for monitoring: a region that had forgotten the
 * prepared scan (it split, moved, restarted, or the lease expired) and was prepared again within the execute,
 * and a cursor that was gone (its region closed, its lease expired, or the RegionServer dropped it rather than
 * send a reply larger than the fast path carries) or given up (an execute over the fast path got no reply in time),
 * after which the execute went on from just after the last row received. Neither is an error; many of them say
 * that regions move often, that the lease is shorter than the pauses between a scanner's reads, or that the fast
 * path's timeout is short for the RegionServer's load.
 */
public final class Recoveries {
  private final LongAdder regionsPreparedAgain = new LongAdder();
  private final LongAdder cursorsResumed = new LongAdder();

  Recoveries() {
  }

  void regionForgot() {
    regionsPreparedAgain.increment();
  }

  void cursorLost() {
    cursorsResumed.increment();
  }

  /** Regions that had forgotten the prepared scan and were prepared again by an execute. */
  public long regionsPreparedAgain() {
    return regionsPreparedAgain.sum();
  }

  /** Cursors that were gone or given up, after which the execute resumed after the last row it had received. */
  public long cursorsResumed() {
    return cursorsResumed.sum();
  }

  @Override
  public String toString() {
    return regionsPreparedAgain() + " region(s) prepared again, " + cursorsResumed() + " cursor(s) resumed";
  }
}
