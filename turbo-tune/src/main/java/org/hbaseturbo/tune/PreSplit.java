package org.hbaseturbo.tune;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.tune.split.SplitKeys;

/**
 * The pre-split a bulk-load policy asks for: an empty table split at the quantiles of the keys it will hold, then its
 * regions spread over the RegionServers, so that every server takes writes from the start.
 *
 * <p>Only an empty table of one region: the halves of a region with data reference its files, and a half that holds
 * references cannot split again until a compaction has rewritten them (HStore.canSplit), so that splits of a loaded
 * table depend on what it holds and cost a rewrite. HBase splits an empty region at once ({@code Admin.split}: one
 * master procedure per point, which opens both halves before it ends); each point goes to the region that holds it
 * then.
 */
final class PreSplit {
  /** Why rollback keeps a pre-split. */
  static final String KEPT = "splits are not undone: the table has held data since, and merging its regions back"
      + " would rewrite it; merge them by hand if need be (hbase shell: merge_region)";

  private final TableSplits splits;
  private final Optional<SplitKeys> keys;

  PreSplit(TableSplits splits, Optional<SplitKeys> keys) {
    this.splits = splits;
    this.keys = keys;
  }

  PreSplit withKeys(SplitKeys splitKeys) {
    return new PreSplit(splits, Optional.of(splitKeys));
  }

  boolean hasKeys() {
    return keys.isPresent();
  }

  String keysDescribed() {
    return keys.orElseThrow().describe();
  }

  List<byte[]> points(int regions) {
    return keys.orElseThrow().splitPoints(regions);
  }

  /** Why the table may not be pre-split now; nothing when it may. */
  Optional<String> refusal(TableName table) throws IOException {
    Optional<String> notEmpty = splits.whyNotEmpty(table);
    if (notEmpty.isPresent()) {
      return Optional.of("the table is not empty (" + notEmpty.get() + "); a pre-split changes only an empty"
          + " table");
    }
    if (!splits.splitsEnabled()) {
      return Optional.of("HBase's split switch is off (hbase shell: splitormerge_switch 'SPLIT', true)");
    }
    return Optional.empty();
  }

  /** Splits {@code table} at each point in turn, then spreads its regions. */
  void take(TableName table, List<byte[]> points, Consumer<String> progress) throws IOException {
    for (int i = 0; i < points.size(); i++) {
      byte[] point = points.get(i);
      try {
        splits.split(table, point);
      } catch (IOException e) {
        throw new IOException("HBase did not split table " + table + " at '" + Bytes.toStringBinary(point)
            + "', after " + i + " of " + points.size() + " splits were made: " + e.getMessage(), e);
      }
    }
    progress.accept("split table " + table + " at " + points.size() + " points");
    splits.spread(table, progress);
  }
}
