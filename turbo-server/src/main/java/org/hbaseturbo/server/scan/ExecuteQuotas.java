package org.hbaseturbo.server.scan;

import java.io.IOException;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.coprocessor.CoprocessorException;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.apache.hadoop.hbase.quotas.OperationQuota;
import org.apache.hadoop.hbase.regionserver.Region;

/**
 * HBase's RPC quotas (throttles, {@code hbase.quota.enabled}) for executes, applied as {@code RSRpcServices} applies
 * them to each call of a native scanner ({@code checkQuotaAndGetRegionScannerContext}): before an execute reads, one
 * scan request is checked against the caller's quotas, and the table's, namespace's and RegionServer's, and counted;
 * once it is done, the cells it returns are counted as read. The caller is the thread's, as for HBase's own checks:
 * the RPC's user, or the user a fast-path request runs as. HBase calls the endpoint without checking quotas, which is
 * why the endpoint does, through the RegionServer's quota manager. The calls differ between HBase 2.5 and 2.6
 * ({@link CompatScanQuotas}).
 */
final class ExecuteQuotas {
  private final Region region;
  private final CompatScanQuotas manager;
  /** The most a native scanner call returns, to which the quota caps its estimate of a growing scan. */
  private final long maxScannerResultSize;

  private ExecuteQuotas(Region region, CompatScanQuotas manager, long maxScannerResultSize) {
    this.region = region;
    this.manager = manager;
    this.maxScannerResultSize = maxScannerResultSize;
  }

  static ExecuteQuotas of(RegionCoprocessorEnvironment env) throws CoprocessorException {
    CompatScanQuotas manager = CompatScanQuotas.of(env).orElseThrow(() -> new CoprocessorException(
        "PreparedScanEndpoint runs on a RegionServer only; region "
            + env.getRegion().getRegionInfo().getRegionNameAsString() + " has no RegionServer's quota manager"));
    return new ExecuteQuotas(env.getRegion(), manager, env.getConfiguration().getLong(
        HConstants.HBASE_SERVER_SCANNER_MAX_RESULT_SIZE_KEY, HConstants.DEFAULT_HBASE_SERVER_SCANNER_MAX_RESULT_SIZE));
  }

  /**
   * Checks and counts one scan request of the thread's caller.
   *
   * @return the quota to count the execute's cells against ({@link CompatScanQuotas#countRead}) and to close when
   *     it is done
   * @throws org.apache.hadoop.hbase.quotas.RpcThrottlingException when the caller is over a quota; nothing is
   *     counted then
   */
  OperationQuota check(int caching) throws IOException {
    return manager.check(region, caching, maxScannerResultSize);
  }
}
