package org.hbaseturbo.server.scan;

import java.io.IOException;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.OnlineRegions;
import org.apache.hadoop.hbase.regionserver.Region;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PreparedScanService;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;

/**
 * Prepared Scan's executes addressed to a RegionServer rather than to a region: the request names its region by
 * 16 bytes, and the execute is handed to that region's {@link PreparedScanEndpoint}, which does the work and holds
 * the state. Both RegionServer-level routes use it: {@link PreparedScanServerEndpoint} over HBase's RPC, and the
 * fast path's channel ({@code FastPathRequests}).
 *
 * <p>Each execute is wrapped in the region's endpoint hooks as HBase wraps a region call
 * ({@code HRegion.execService}): with {@code hbase.security.exec.permission.checks}, {@code AccessController}
 * requires EXEC on the table here as on the region route, and checks the caller of the thread (the RPC's user, or
 * the user a fast-path request runs as).
 */
public final class PreparedExecutes {
  /** The region endpoint's method this relays, by the name its hooks know it. */
  private static final String EXECUTE = PreparedScanService.getDescriptor().findMethodByName("execute").getName();

  private final OnlineRegions regions;

  public PreparedExecutes(OnlineRegions regions) {
    this.regions = regions;
  }

  /**
   * @param user the caller, by full name: picks the prepared scans that are theirs
   * @param maxReplyBytes the largest reply the route carries; a larger one is not sent, and its cursor is closed,
   *     so that a client repeating the execute on another route resumes after the rows it has
   * @throws NotServingRegionException when this server does not hold the region, after which the client looks
   *     the region up again and retries, as HBase's own client does
   */
  public ExecuteResponse execute(String user, ExecuteRequest request, long maxReplyBytes) throws IOException {
    HRegion region = regionOf(request);
    PreparedScanEndpoint endpoint = region.getCoprocessorHost().findCoprocessor(PreparedScanEndpoint.class);
    if (endpoint == null) {
      PreparedScanCounters.refused(PreparedScanError.NOT_DEPLOYED);
      throw new PreparedScanException(PreparedScanError.NOT_DEPLOYED, "region "
          + region.getRegionInfo().getRegionNameAsString() + " does not run PreparedScanEndpoint: load it"
          + " (table coprocessor attribute or hbase.coprocessor.region.classes), see README");
    }
    ExecuteRequest checked = (ExecuteRequest) region.getCoprocessorHost().preEndpointInvocation(endpoint,
        EXECUTE, request);
    ExecuteResponse.Builder response = endpoint.execute(user, checked, maxReplyBytes).toBuilder();
    region.getCoprocessorHost().postEndpointInvocation(endpoint, EXECUTE, checked, response);
    return response.build();
  }

  private HRegion regionOf(ExecuteRequest request) throws IOException {
    if (!request.hasRegion()) {
      throw new PreparedScanException(PreparedScanError.INVALID_ARGUMENT, "execute names no region");
    }
    // Encoded region names are lowercase hex, the form Bytes.toHex writes.
    String encodedName = Bytes.toHex(request.getRegion().toByteArray());
    Region region = regions.getRegion(encodedName);
    if (region == null) {
      throw new NotServingRegionException("region " + encodedName + " is not online on this RegionServer");
    }
    if (!(region instanceof HRegion hregion)) {
      throw new IllegalStateException("region " + encodedName + " is a " + region.getClass().getName()
          + ", not HBase's own HRegion");
    }
    return hregion;
  }
}
