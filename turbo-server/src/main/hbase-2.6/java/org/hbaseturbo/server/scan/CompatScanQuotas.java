package org.hbaseturbo.server.scan;

import java.io.IOException;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.apache.hadoop.hbase.quotas.OperationQuota;
import org.apache.hadoop.hbase.quotas.RpcQuotaManager;
import org.apache.hadoop.hbase.regionserver.Region;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanRequest;

/**
 * The quota calls of {@link ExecuteQuotas} on HBase 2.6, which hands region coprocessors the RegionServer's quota
 * manager and checks a scan request as {@code RSRpcServices} checks a native scanner call.
 */
final class CompatScanQuotas {
  private final RpcQuotaManager manager;

  private CompatScanQuotas(RpcQuotaManager manager) {
    this.manager = manager;
  }

  /** The RegionServer's quota manager; empty for a region that no RegionServer holds. */
  static Optional<CompatScanQuotas> of(RegionCoprocessorEnvironment env) {
    return Optional.ofNullable(env.getRpcQuotaManager()).map(CompatScanQuotas::new);
  }

  OperationQuota check(Region region, int caching, long maxScannerResultSize) throws IOException {
    // The quota estimates what a call reads from its call sequence alone: a request without one is estimated at a
    // block, as a native scanner's first call is, and as the coprocessor environment's checkScanQuota(Scan) asks.
    return manager.checkScanQuota(region, ScanRequest.newBuilder().setNumberOfRows(caching).build(),
        maxScannerResultSize, 0, 0);
  }

  static void countRead(OperationQuota quota, List<Cell> row) {
    quota.addScanResultCells(row);
  }

  /** The most the caller's read quota lets one execute return. */
  static long maxResultSize(OperationQuota quota) {
    return quota.getMaxResultSize();
  }
}
