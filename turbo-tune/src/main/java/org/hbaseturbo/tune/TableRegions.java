package org.hbaseturbo.tune;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.ClusterMetrics.Option;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerMetrics;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.RegionInfo;

/** The live servers' region metrics by table, as the servers last reported them (every few seconds). */
final class TableRegions {
  private TableRegions() {
  }

  static Map<TableName, List<RegionMetrics>> of(Admin admin) throws IOException {
    Map<TableName, List<RegionMetrics>> byTable = new HashMap<>();
    for (ServerMetrics server : admin.getClusterMetrics(EnumSet.of(Option.LIVE_SERVERS)).getLiveServerMetrics()
        .values()) {
      for (RegionMetrics region : server.getRegionMetrics().values()) {
        byTable.computeIfAbsent(RegionInfo.getTable(region.getRegionName()), table -> new ArrayList<>()).add(region);
      }
    }
    return byTable;
  }
}
