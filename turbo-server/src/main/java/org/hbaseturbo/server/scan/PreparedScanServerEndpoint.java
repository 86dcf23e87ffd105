package org.hbaseturbo.server.scan;

import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcController;
import com.google.protobuf.Service;
import java.io.IOException;
import java.util.Collections;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.hbase.CoprocessorEnvironment;
import org.apache.hadoop.hbase.NotServingRegionException;
import org.apache.hadoop.hbase.coprocessor.RegionServerCoprocessor;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.OnlineRegions;
import org.apache.hadoop.hbase.regionserver.Region;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.server.LoadedAs;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PreparedScanServerService;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PreparedScanService;

/**
 * Prepared Scan's executes addressed to the RegionServer instead of a region: each call names its region in
 * the request (16 bytes) where HBase's region call would carry the region name twice and a row. It hands the
 * execute to the region's {@link PreparedScanEndpoint}, which does the work and holds the state; the client
 * falls back to region calls where this endpoint is not loaded. Load it with
 * {@code hbase.coprocessor.regionserver.classes} (README).
 *
 * <p>A region this server does not hold answers {@link NotServingRegionException}, after which the client
 * looks the region up again and retries, as HBase's own client does.
 */
public class PreparedScanServerEndpoint extends PreparedScanServerService implements RegionServerCoprocessor {
  /** The region endpoint's method this relays, by the name its hooks know it. */
  private static final String EXECUTE =
      PreparedScanService.getDescriptor().findMethodByName("execute").getName();

  private final LongAdder executes = new LongAdder();
  private volatile OnlineRegions regions;

  // rawtypes: Coprocessor.start declares the raw type.
  @Override
  @SuppressWarnings("rawtypes")
  public void start(CoprocessorEnvironment env) throws IOException {
    regions = LoadedAs.regionServer(env, this).getOnlineRegions();
  }

  @Override
  public Iterable<Service> getServices() {
    return Collections.singleton(this);
  }

  @Override
  public void execute(RpcController controller, ExecuteRequest request, RpcCallback<ExecuteResponse> done) {
    executes.increment();
    PreparedScanEndpoint.answer(controller, done, () -> execute(request));
  }

  /** Executes this RegionServer received, answered or failed (for monitoring and tests). */
  public long executes() {
    return executes.sum();
  }

  /**
   * The execute, wrapped in the region's endpoint hooks as HBase wraps a region call ({@code HRegion.execService}):
   * with {@code hbase.security.exec.permission.checks}, {@code AccessController} requires EXEC on the table
   * here as on the region route. (HBase itself lets only global admins call a RegionServer endpoint.)
   */
  private ExecuteResponse execute(ExecuteRequest request) throws IOException {
    HRegion region = regionOf(request);
    PreparedScanEndpoint endpoint = region.getCoprocessorHost().findCoprocessor(PreparedScanEndpoint.class);
    if (endpoint == null) {
      throw new PreparedScanException(PreparedScanError.NOT_DEPLOYED, "region "
          + region.getRegionInfo().getRegionNameAsString() + " does not run PreparedScanEndpoint: load it"
          + " (table coprocessor attribute or hbase.coprocessor.region.classes), see README");
    }
    ExecuteRequest checked = (ExecuteRequest) region.getCoprocessorHost().preEndpointInvocation(endpoint,
        EXECUTE, request);
    ExecuteResponse.Builder response = endpoint.execute(checked).toBuilder();
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
