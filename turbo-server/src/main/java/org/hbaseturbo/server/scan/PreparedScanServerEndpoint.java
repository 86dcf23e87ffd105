package org.hbaseturbo.server.scan;

import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcController;
import com.google.protobuf.Service;
import java.io.IOException;
import java.util.concurrent.atomic.LongAdder;
import org.apache.hadoop.hbase.CoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.RegionServerCoprocessor;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PreparedScanServerService;
import org.hbaseturbo.server.HBaseLine;
import org.hbaseturbo.server.LoadedAs;

/**
 * Prepared Scan's executes addressed to the RegionServer instead of a region: each call names its region in
 * the request (16 bytes) where HBase's region call would carry the region name twice and a row
 * ({@link PreparedExecutes}); the client falls back to region calls where this endpoint is not loaded. Load it with
 * {@code hbase.coprocessor.regionserver.classes} (README).
 */
public class PreparedScanServerEndpoint extends PreparedScanServerService implements RegionServerCoprocessor {
  private final LongAdder received = new LongAdder();
  private volatile PreparedExecutes executes;

  // rawtypes: Coprocessor.start declares the raw type.
  @Override
  @SuppressWarnings("rawtypes")
  public void start(CoprocessorEnvironment env) throws IOException {
    if (!HBaseLine.matches()) {
      return;
    }
    executes = new PreparedExecutes(LoadedAs.regionServer(env, this).getOnlineRegions());
  }

  @Override
  public Iterable<Service> getServices() {
    return HBaseLine.services(this);
  }

  @Override
  public void execute(RpcController controller, ExecuteRequest request, RpcCallback<ExecuteResponse> done) {
    received.increment();
    PreparedScanEndpoint.answer(controller, done,
        () -> executes.execute(PreparedScanEndpoint.user(), request, Long.MAX_VALUE));
  }

  /** Executes this RegionServer received, answered or failed (for monitoring and tests). */
  public long executes() {
    return received.sum();
  }
}
