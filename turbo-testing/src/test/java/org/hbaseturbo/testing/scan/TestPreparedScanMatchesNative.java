package org.hbaseturbo.testing.scan;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.testing.SharedHBaseCluster;

/**
 * Differential test: on random tables, random prepared scans (columns, whole families, versions, time ranges,
 * filters including stateful ones, raw) executed over random ranges, limits, caching and column subsets
 * return exactly the cells of the equivalent native scan, in order. A seed names each table and its scans,
 * so a failure reproduces from the seed jqwik reports.
 */
class TestPreparedScanMatchesNative {
  private static final int SCANS_PER_TABLE = 25;

  private interface Scanning {
    List<String> cells() throws IOException;
  }

  /** The cells, or that the scan failed: where HBase refuses a scan, the prepared scan must refuse it too. */
  private static List<String> outcome(Scanning scanning) {
    try {
      return scanning.cells();
    } catch (IOException e) {
      return List.of("failed");
    }
  }

  /**
   * A WhileMatchFilter inside a FilterList, caching 1: the filter is done at the end of one region, and the
   * next (empty) reply ends the whole scan, although later regions hold matching rows. Found by CI.
   */
  @Example
  void aFilterThatIsDoneEndsTheWholeScan() throws IOException {
    preparedScansReturnWhatNativeScansReturn(-639);
  }

  // Shrinking a seed finds nothing simpler; each try creates a table, so keep the count modest.
  @Property(tries = 8, shrinking = ShrinkingMode.OFF)
  void preparedScansReturnWhatNativeScansReturn(@ForAll long seed) throws IOException {
    Random random = new Random(seed);
    Connection connection = SharedHBaseCluster.connection();
    TableName name = RandomTable.create(connection, random);
    try (Table table = connection.getTable(name)) {
      int scansWithRows = 0;
      for (int i = 0; i < SCANS_PER_TABLE; i++) {
        RandomScanSpec spec = new RandomScanSpec(random);
        List<String> expected = outcome(() -> ScanResults.cells(table.getScanner(spec.nativeScan())));
        List<String> actual = outcome(() -> {
          try (PreparedScan prepared = PreparedScan.prepare(connection, name, spec.preparedScan())) {
            return ScanResults.cells(prepared.execute(spec.execution()));
          }
        });
        assertThat(actual).as("seed %d scan %d: %s", seed, i, spec).isEqualTo(expected);
        scansWithRows += expected.isEmpty() || expected.equals(List.of("failed")) ? 0 : 1;
      }
      // Equal empty answers prove little: on a table with rows, some scans must have returned some.
      if (!ScanResults.firstRows(table.getScanner(new Scan().setLimit(1)), 1).isEmpty()) {
        assertThat(scansWithRows).as("scans that returned rows, seed %d", seed).isPositive();
      }
    }
  }
}
