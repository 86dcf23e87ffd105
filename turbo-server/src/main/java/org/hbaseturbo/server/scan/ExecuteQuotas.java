package org.hbaseturbo.server.scan;

import java.io.IOException;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.coprocessor.CoprocessorException;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.apache.hadoop.hbase.quotas.OperationQuota;
import org.apache.hadoop.hbase.quotas.RpcQuotaManager;
import org.apache.hadoop.hbase.regionserver.Region;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ScanRequest;

/**
 * HBase's RPC quotas (throttles, {@code hbase.quota.enabled}) for executes, applied as {@code RSRpcServices} applies
 * them to each call of a native scanner ({@code checkQuotaAndGetRegionScannerContext}): before an execute reads, one
 * scan request is checked against the caller's quotas, and the table's, namespace's and RegionServer's, and counted;
 * once it is done, the cells it returns are counted as read. The caller is the thread's, as for HBase's own checks:
 * the RPC's user, or the user a fast-path request runs as. HBase calls the endpoint without checking quotas, which is
 * why the endpoint does, through the quota manager HBase 2.6 hands region coprocessors.
 */
final class ExecuteQuotas {
  private final Region region;
  private final RpcQuotaManager manager;
  /** The most a native scanner call returns, to which the quota caps its estimate of a growing scan. */
  private final long maxScannerResultSize;

  private ExecuteQuotas(Region region, RpcQuotaManager manager, long maxScannerResultSize) {
    this.region = region;
    this.manager = manager;
    this.maxScannerResultSize = maxScannerResultSize;
  }

  static ExecuteQuotas of(RegionCoprocessorEnvironment env) throws CoprocessorException {
    RpcQuotaManager manager = env.getRpcQuotaManager();
    if (manager == null) {
      throw new CoprocessorException("PreparedScanEndpoint runs on a RegionServer only; region "
          + env.getRegion().getRegionInfo().getRegionNameAsString() + " has no RegionServer's quota manager");
    }
    return new ExecuteQuotas(env.getRegion(), manager, env.getConfiguration().getLong(
        HConstants.HBASE_SERVER_SCANNER_MAX_RESULT_SIZE_KEY, HConstants.DEFAULT_HBASE_SERVER_SCANNER_MAX_RESULT_SIZE));
  }

  /**
   * Checks and counts one scan request of the thread's caller.
   *
   * @return the quota to count the execute's cells against and to close when it is done
   * @throws org.apache.hadoop.hbase.quotas.RpcThrottlingException when the caller is over a quota; nothing is
   *     counted then
   */
  OperationQuota check(int caching) throws IOException {
    // The quota estimates what a call reads from its call sequence alone: a request without one is estimated at a
    // block, as a native scanner's first call is, and as the coprocessor environment's checkScanQuota(Scan) asks.
    return manager.checkScanQuota(region, ScanRequest.newBuilder().setNumberOfRows(caching).build(),
        maxScannerResultSize, 0, 0);
  }
}
