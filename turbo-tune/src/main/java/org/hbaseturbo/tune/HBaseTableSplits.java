package org.hbaseturbo.tune;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.common.Await;

/** {@link TableSplits} by HBase's Admin API. */
final class HBaseTableSplits implements TableSplits {
  private final Connection connection;

  HBaseTableSplits(Connection connection) {
    this.connection = connection;
  }

  @Override
  public Optional<String> whyNotEmpty(TableName table) throws IOException {
    try (Admin admin = connection.getAdmin(); RegionLocator locator = connection.getRegionLocator(table)) {
      List<RegionInfo> regions = admin.getRegions(table);
      if (regions.size() != 1) {
        return Optional.of("it has " + regions.size() + " regions, where a pre-split starts from the one HBase"
            + " creates");
      }
      RegionInfo region = regions.get(0);
      ServerName server = locator.getRegionLocation(region.getStartKey(), true).getServerName();
      // From the region's server, now: the metrics the master holds are its last report, seconds old.
      RegionMetrics metrics = admin.getRegionMetrics(server, table).stream()
          .filter(m -> Bytes.equals(m.getRegionName(), region.getRegionName())).findFirst()
          .orElseThrow(() -> new IOException("region " + region.getEncodedName() + " of table " + table
              + " is not open on " + server + ", where hbase:meta has it; try again once it is"));
      if (metrics.getStoreFileCount() > 0) {
        return Optional.of("its region has " + metrics.getStoreFileCount() + " store file(s), "
            + metrics.getStoreFileSize());
      }
      if (metrics.getMemStoreSize().get(Size.Unit.BYTE) > 0) {
        return Optional.of("its region holds data in its memstore");
      }
      return Optional.empty();
    }
  }

  @Override
  public boolean splitsEnabled() throws IOException {
    try (Admin admin = connection.getAdmin()) {
      return admin.isSplitEnabled();
    }
  }

  @Override
  public void split(TableName table, byte[] point) throws IOException {
    try (Admin admin = connection.getAdmin(); RegionLocator locator = connection.getRegionLocator(table)) {
      // Returns once the master's split procedure is done, which opens both halves.
      admin.split(table, point);
      Await.until(RegionSpread.OPEN_BOUND, "the region of table " + table + " from '" + Bytes.toStringBinary(point)
          + "' to open", () -> Bytes.equals(locator.getRegionLocation(point, true).getRegion().getStartKey(), point));
    }
  }

  @Override
  public void spread(TableName table, Consumer<String> progress) throws IOException {
    RegionSpread.inTurns(connection, table, progress);
  }
}
