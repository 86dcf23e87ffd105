package org.hbaseturbo.server.scan;

import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcController;
import com.google.protobuf.Service;
import java.io.IOException;
import java.util.concurrent.ScheduledFuture;
import org.apache.hadoop.hbase.CoprocessorEnvironment;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.coprocessor.CoprocessorException;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessor;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.apache.hadoop.hbase.ipc.CoprocessorRpcUtils;
import org.apache.hadoop.hbase.ipc.RpcServer;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.security.User;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.CloseRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.CloseResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PrepareRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PrepareResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PreparedScanService;
import org.hbaseturbo.server.HBaseLine;
import org.hbaseturbo.server.LoadedAs;
import org.hbaseturbo.server.metrics.MetricsRegistration;
import org.hbaseturbo.server.settings.LiveSettings;
import org.hbaseturbo.wire.scan.PreparedScanException;

/**
 * Server side of Prepared Scan, one instance per region. Load it for every table with
 * {@code hbase.coprocessor.region.classes} or for one table with its coprocessor attribute (README).
 *
 * <p>Security: every call runs on an RPC handler as the caller HBase authenticated, and every read goes
 * through the region's scanner hooks under that identity (see {@link PreparedScanExecutor}), so that
 * {@code AccessController} grants and refuses exactly what it grants and refuses a native scan; with
 * {@code hbase.security.exec.permission.checks} it also requires EXEC on the table, as for any endpoint. A
 * caller reaches only the prepared scans they prepared, and what they may keep is bounded
 * ({@link RegionPreparedScans}). Each execute counts against the caller's RPC quotas as a native scanner call does
 * ({@link ExecuteQuotas}): HBase checks none for endpoint calls.
 *
 * <p>Failures: a request that cannot succeed becomes a {@link DoNotRetryIOException} carrying the
 * {@link org.hbaseturbo.wire.scan.PreparedScanError} code; HBase's own exceptions (region moved or
 * closing, server stopping) pass through unchanged so that the client's retrying relocates and tries again.
 */
public class PreparedScanEndpoint extends PreparedScanService implements RegionCoprocessor {
  private volatile LiveSettings<PreparedScanConfig> settings;
  private volatile RegionPreparedScans scans;
  private volatile PreparedScanExecutor executor;
  /** Replaced under this lock once started, when the lease changes. */
  private volatile ScheduledFuture<?> reaper;
  /** Guarded by this. */
  private boolean stopped;
  private volatile MetricsRegistration.Hold metrics;

  // rawtypes: Coprocessor.start declares the raw type.
  @Override
  @SuppressWarnings("rawtypes")
  public void start(CoprocessorEnvironment env) throws IOException {
    if (!HBaseLine.matches()) {
      return;
    }
    RegionCoprocessorEnvironment region = LoadedAs.region(env, this);
    if (!(region.getRegion() instanceof HRegion hregion)) {
      throw new CoprocessorException(getClass().getSimpleName() + " needs HBase's own HRegion, found "
          + region.getRegion().getClass().getName());
    }
    // update_config changes every setting here: the limits for what is stored next, the lease and the time limit.
    settings = LiveSettings.watch("Prepared Scan (region settings)", LiveSettings.regionServerConfiguration(region),
        region.getConfiguration(), PreparedScanConfig::from);
    scans = new RegionPreparedScans(settings, ServerHoldings.of(region));
    executor = new PreparedScanExecutor(hregion, scans, settings, ExecuteQuotas.of(region));
    reaper = LeaseReaper.watch(scans, settings.get().lease().toNanos());
    settings.onChange((before, after) -> {
      if (!after.lease().equals(before.lease())) {
        watchLeases(after);
      }
    });
    metrics = MetricsRegistration.hold(PreparedScanMetrics.NAME, PreparedScanMetrics::new);
  }

  /**
   * Has the reaper look every quarter of a changed lease: a shorter lease needs it to look sooner. On the watch's
   * thread, which may still be at it as the region closes: a closed region's reaper stays cancelled.
   */
  private synchronized void watchLeases(PreparedScanConfig changed) {
    if (stopped) {
      return;
    }
    reaper.cancel(false);
    reaper = LeaseReaper.watch(scans, changed.lease().toNanos());
  }

  // rawtypes: Coprocessor.stop declares the raw type.
  @Override
  @SuppressWarnings("rawtypes")
  public void stop(CoprocessorEnvironment env) {
    if (settings != null) {
      settings.close();
    }
    synchronized (this) {
      stopped = true;
      if (reaper != null) {
        reaper.cancel(false);
      }
    }
    if (scans != null) {
      scans.closeAll();
    }
    if (metrics != null) {
      metrics.close();
    }
  }

  @Override
  public Iterable<Service> getServices() {
    return HBaseLine.services(this);
  }

  @Override
  public void prepare(RpcController controller, PrepareRequest request, RpcCallback<PrepareResponse> done) {
    answer(controller, done, () -> {
      counted(() -> executor.prepare(user(), request.getPreparedId(), request.getScan()));
      return PrepareResponse.getDefaultInstance();
    });
  }

  @Override
  public void execute(RpcController controller, ExecuteRequest request, RpcCallback<ExecuteResponse> done) {
    answer(controller, done, () -> execute(user(), request, Long.MAX_VALUE));
  }

  /**
   * An execute in this region for {@code user}, whichever route received it ({@link PreparedExecutes}).
   *
   * @param maxReplyBytes the largest reply the route carries
   */
  ExecuteResponse execute(String user, ExecuteRequest request, long maxReplyBytes) throws IOException {
    PreparedScanCounters.EXECUTES.increment();
    return counted(() -> executor.execute(user, request, maxReplyBytes));
  }

  /** Runs {@code handler}, counting a refusal by its code. */
  static <R> R counted(Handler<R> handler) throws IOException {
    try {
      return handler.handle();
    } catch (PreparedScanException e) {
      PreparedScanCounters.refused(e.error());
      throw e;
    }
  }

  @Override
  public void close(RpcController controller, CloseRequest request, RpcCallback<CloseResponse> done) {
    answer(controller, done, () -> CloseResponse.newBuilder()
        .setReleasedCursors(scans.close(new RegionPreparedScans.Key(user(), request.getPreparedId()))).build());
  }

  /** The work behind one method; what it throws is turned into the RPC's failure by {@link #answer}. */
  interface Handler<R> {
    R handle() throws IOException;
  }

  /** The hook boundary: nothing escapes raw; the reply, or the failure and a null reply. */
  static <R> void answer(RpcController controller, RpcCallback<R> done, Handler<R> handler) {
    R reply;
    try {
      reply = handler.handle();
    } catch (Throwable t) {
      fail(controller, t);
      reply = null;
    }
    done.run(reply);
  }

  /** Prepared scans this region holds (for monitoring and tests). */
  public int preparedScans() {
    return scans.preparedCount();
  }

  /** Cursors open in this region, those in use by an execute too (for monitoring and tests). */
  public int openCursors() {
    return scans.cursorCount();
  }

  /**
   * The caller as HBase's RPC layer authenticated it, by full name (a Kerberos principal keeps its realm, so
   * that two realms' users of one short name stay apart); calls from inside the server have none.
   */
  static String user() {
    return RpcServer.getRequestUser().map(User::getName).orElse("");
  }

  private static void fail(RpcController controller, Throwable failure) {
    IOException sent;
    if (failure instanceof PreparedScanException typed) {
      sent = new DoNotRetryIOException(PreparedScanException.wireMessage(typed.error(), typed.getMessage()));
    } else if (failure instanceof IOException io) {
      sent = io;
    } else {
      // A bug or a malformed request: retrying the same request cannot help.
      sent = new DoNotRetryIOException(failure.getClass().getSimpleName() + ": " + failure.getMessage(), failure);
    }
    CoprocessorRpcUtils.setControllerException(controller, sent);
  }
}
