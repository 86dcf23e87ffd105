package org.hbaseturbo.server.scan;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.apache.hadoop.hbase.quotas.OperationQuota;
import org.apache.hadoop.hbase.quotas.RegionServerRpcQuotaManager;
import org.apache.hadoop.hbase.regionserver.Region;
import org.apache.hadoop.hbase.regionserver.RegionServerServices;

/**
 * The quota calls of {@link ExecuteQuotas} on HBase 2.5, made as 2.5's {@code RSRpcServices.scan} makes them for a
 * native scanner call: a scan operation checked against the caller's quotas, its results counted, and what the read
 * quota has left capping the call.
 */
final class CompatScanQuotas {
  private final RegionServerRpcQuotaManager manager;

  private CompatScanQuotas(RegionServerRpcQuotaManager manager) {
    this.manager = manager;
  }

  /** The RegionServer's quota manager; empty for a region that no RegionServer holds. */
  static Optional<CompatScanQuotas> of(RegionCoprocessorEnvironment env) {
    // 2.5 gives region coprocessors no quota manager; the environment's online regions are its RegionServer's
    // services (RegionCoprocessorHost.RegionEnvironment), which hold it.
    return env.getOnlineRegions() instanceof RegionServerServices services
        ? Optional.ofNullable(services.getRegionServerRpcQuotaManager()).map(CompatScanQuotas::new)
        : Optional.empty();
  }

  OperationQuota check(Region region, int caching, long maxScannerResultSize) throws IOException {
    // 2.5 estimates every scan call alike, whatever its request asks.
    return manager.checkQuota(region, OperationQuota.OperationType.SCAN);
  }

  static void countRead(OperationQuota quota, List<Cell> row) {
    quota.addScanResult(List.of(Result.create(row)));
  }

  /** The most the caller's read quota lets one execute return. */
  static long maxResultSize(OperationQuota quota) {
    return quota.getReadAvailable();
  }
}
