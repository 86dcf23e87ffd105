package org.hbaseturbo.verify.register;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the register workload found ({@link Registers} says how each read is judged).
 *
 * @param keys registers written and read
 * @param writesAcknowledged Puts HBase acknowledged
 * @param writesFailed Puts that failed after HBase's client had retried them: their values may or may not be there
 * @param staleReads reads, over every path, that returned an older value than one acknowledged before they began
 * @param phantomReads reads, and final values, of a value never written
 * @param lostAcknowledged keys whose final value, read once the writers stopped and chaos with them, is older than
 *     the last value acknowledged
 * @param byPath each path's reads ({@code fastpath}, {@code rpc}), side by side under the same faults
 * @param lostExamples up to {@link Registers#EXAMPLES} of the lost keys
 * @param fastPath what the fast path itself carried of the writes and reads sent over it; none without it
 */
public record RegisterCounts(int keys, long writesAcknowledged, long writesFailed, long staleReads,
    long phantomReads, long lostAcknowledged, Map<String, PathReads> byPath, List<String> lostExamples,
    FastPathShare fastPath) {
  /** The name of the fast path's reads in {@link #byPath}. */
  public static final String FAST_PATH = "fastpath";
  /** The name of HBase's RPC's reads in {@link #byPath}. */
  public static final String RPC = "rpc";

  public RegisterCounts {
    // In the order the paths were read, for the report.
    byPath = Collections.unmodifiableMap(new LinkedHashMap<>(byPath));
    lostExamples = List.copyOf(lostExamples);
    requireNonNull(fastPath, "fastPath is null");
  }

  /**
   * Of the operations sent over the fast path (its writes and its readers', the idle client's among them), those it
   * served, and those it handed to HBase's RPC (a timeout, a server that refused, none reachable), which then did them:
   * a fast path that stopped serving after a fault would still read right, over RPC, and shows here.
   */
  public record FastPathShare(long served, long fellBack) {
    /** A run without the fast path. */
    public static final FastPathShare NONE = new FastPathShare(0, 0);
  }

  /**
   * One path's reads.
   *
   * @param reads reads that returned, judged
   * @param failed reads that failed after HBase's client had retried them: nothing to judge
   * @param stale reads older than a value acknowledged before they began
   * @param phantom reads of a value never written
   * @param staleExamples up to {@link Registers#EXAMPLES} stale reads, the first ones
   * @param phantomExamples likewise
   */
  public record PathReads(long reads, long failed, long stale, long phantom, List<String> staleExamples,
      List<String> phantomExamples) {
    public PathReads {
      staleExamples = List.copyOf(staleExamples);
      phantomExamples = List.copyOf(phantomExamples);
    }
  }

  /**
   * No read of an unwritten value and no acknowledged value lost, on any path, and no stale read over Turbo's fast
   * path. Stale reads over HBase's RPC are HBase's own and are reported, not judged: a RegionServer resumed after a
   * pause past its ZooKeeper session serves the regions it lost until it learns so, and HBase's RPC does not fence
   * reads. The fast path refuses while its server's ZooKeeper lease has lapsed.
   */
  public boolean passed() {
    return phantomReads == 0 && lostAcknowledged == 0 && staleReadsOver(FAST_PATH) == 0;
  }

  /** Stale reads over {@code path}; 0 where it was not read. */
  public long staleReadsOver(String path) {
    PathReads reads = byPath.get(path);
    return reads == null ? 0 : reads.stale();
  }
}
