package org.hbaseturbo.advisor;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Pair;

/**
 * A sample of a family's real cells: rows from the start of every region, in equal shares, so that a table
 * whose key ranges hold different kinds of data is sampled across all of them.
 */
public final class CellSampler {
  private CellSampler() {
  }

  /** Up to {@code rows} rows' cells of {@code family} (all versions), sorted as in an HFile. */
  public static List<Cell> sample(Connection connection, TableName table, byte[] family, int rows)
      throws IOException {
    List<Cell> cells = new ArrayList<>();
    try (RegionLocator locator = connection.getRegionLocator(table); Table data = connection.getTable(table)) {
      Pair<byte[][], byte[][]> ranges = locator.getStartEndKeys();
      int regions = ranges.getFirst().length;
      int perRegion = Math.max(1, rows / regions);
      for (int region = 0; region < regions; region++) {
        Scan scan = new Scan().withStartRow(ranges.getFirst()[region]).withStopRow(ranges.getSecond()[region])
            .addFamily(family).readAllVersions().setLimit(perRegion).setCaching(Math.min(perRegion, 1000))
            .setCacheBlocks(false);
        try (ResultScanner scanner = data.getScanner(scan)) {
          for (Result row : scanner) {
            for (Cell cell : row.rawCells()) {
              cells.add(KeyValueUtil.copyToNewKeyValue(cell));
            }
          }
        }
      }
    }
    cells.sort(CellComparator.getInstance());
    return cells;
  }
}
