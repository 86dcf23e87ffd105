package org.hbaseturbo.client;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.hbaseturbo.common.Pause;

/**
 * Flushes a table and major-compacts it, and returns once every region that has files wrote them anew: the files then
 * hold every cell the table had, written with the table's values in force (block size, encoding, compression).
 */
public final class MajorCompaction {
  /** Each look asks every RegionServer: a few a second is plenty next to the seconds a compaction takes. */
  private static final Duration POLL = Duration.ofMillis(200);
  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

  private MajorCompaction() {
  }

  /** The compaction did not rewrite every region within its bound. */
  public static final class TimedOut extends IOException {
    private static final long serialVersionUID = 1L;
    private final boolean compacting;

    TimedOut(String message, boolean compacting) {
      super(message);
      this.compacting = compacting;
    }

    /** Whether some region of the table was compacting at the bound: then waiting longer would have seen more. */
    public boolean compacting() {
      return compacting;
    }
  }

  /**
   * Why no compaction can rewrite the table's files, or nothing when one can. A table whose descriptor disables
   * compactions is the case: HBase takes a compaction request for it and runs none ({@code CompactSplit}), so a wait
   * for its files would last its whole bound, and values given to its families would never reach them.
   */
  public static Optional<String> cannotRewrite(TableDescriptor descriptor) {
    if (descriptor.isCompactionEnabled()) {
      return Optional.empty();
    }
    String table = descriptor.getTableName().getNameAsString();
    return Optional.of("table '" + table + "' has compactions disabled (COMPACTION_ENABLED => false), so its files"
        + " cannot be rewritten; enable them (HBase shell: alter '" + table + "', COMPACTION_ENABLED => true)");
  }

  /**
   * @param bound how long to wait at most; the compaction goes on after it
   * @param progress told every few seconds how many regions are yet to be rewritten
   * @return how long the compaction took from its request, in seconds
   * @throws TimedOut when some region was not rewritten within {@code bound}
   * @throws IOException when the table's descriptor disables compactions, or a call to the cluster failed
   */
  public static double flushAndAwait(Admin admin, TableName table, Duration bound, Consumer<String> progress)
      throws IOException {
    Optional<String> cannot = cannotRewrite(admin.getDescriptor(table));
    if (cannot.isPresent()) {
      throw new IOException(cannot.get());
    }
    // The request is queued, and the table reports no compaction until it begins: what says it is over is the
    // files it writes, which record when (a region's last major compaction, as its RegionServer reports it). Each
    // region's time is compared with its own from before, not with this host's clock, which may differ from the
    // RegionServers'.
    Map<String, Long> before = lastMajorCompactions(admin, table);
    admin.flush(table);
    long started = System.nanoTime();
    long deadline = started + bound.toNanos();
    long lastReport = started;
    admin.majorCompact(table);
    while (true) {
      List<RegionMetrics> behind = notRewrittenSince(admin, table, before);
      if (behind.isEmpty()) {
        return (System.nanoTime() - started) / 1e9;
      }
      boolean compacting = admin.getCompactionState(table) != CompactionState.NONE;
      if (!compacting) {
        // A compaction the table's flushes began before the request may have taken all a region's files but a
        // later flush's, and the request made meanwhile was not taken after it (seen with 3 million records of
        // 1 KB, whose wait then never ended): such a region is asked again.
        for (RegionMetrics region : behind) {
          admin.majorCompactRegion(region.getRegionName());
        }
      }
      long now = System.nanoTime();
      if (now >= deadline) {
        throw new TimedOut("the major compaction of " + table + " did not rewrite " + behind.size()
            + " region(s) within " + bound.toSeconds() + " s" + (compacting ? "; it goes on in the background"
                : ", and none is compacting (are compactions switched off on their RegionServers? HBase shell:"
                    + " compaction_switch true)"), compacting);
      }
      if (now - lastReport >= PROGRESS_EVERY.toNanos()) {
        progress.accept(String.format("major compaction of %s: %d region(s) yet to be rewritten after %.0f s", table,
            behind.size(), (now - started) / 1e9));
        lastReport = now;
      }
      Pause.sleep(POLL, "a major compaction of " + table);
    }
  }

  /**
   * The regions of {@code table} that have files and no major compaction since {@code before} was taken: their last one
   * is the one it holds (a region it does not hold, split or merged since, none).
   */
  private static List<RegionMetrics> notRewrittenSince(Admin admin, TableName table, Map<String, Long> before)
      throws IOException {
    List<RegionMetrics> behind = new ArrayList<>();
    for (RegionMetrics region : regions(admin, table)) {
      if (region.getStoreFileCount() > 0
          && region.getLastMajorCompactionTimestamp() <= before.getOrDefault(region.getNameAsString(), 0L)) {
        behind.add(region);
      }
    }
    return behind;
  }

  /** When each region of {@code table} last wrote its files in a major compaction, by the region's name. */
  private static Map<String, Long> lastMajorCompactions(Admin admin, TableName table) throws IOException {
    Map<String, Long> last = new HashMap<>();
    for (RegionMetrics region : regions(admin, table)) {
      last.put(region.getNameAsString(), region.getLastMajorCompactionTimestamp());
    }
    return last;
  }

  private static List<RegionMetrics> regions(Admin admin, TableName table) throws IOException {
    List<RegionMetrics> regions = new ArrayList<>();
    for (ServerName server : admin.getRegionServers()) {
      regions.addAll(admin.getRegionMetrics(server, table));
    }
    return regions;
  }
}
