package org.hbaseturbo.client.scan;

import com.google.protobuf.HBaseZeroCopyByteString;
import com.google.protobuf.ServiceException;
import java.io.Closeable;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Collections;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.quotas.RpcThrottlingException;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathCall;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.common.Pause;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PreparedScanServerService;
import org.hbaseturbo.wire.fastpath.FastPathOperation;

/**
 * Where a prepared scan's executes go. First choice, where the connection is a {@link FastPathConnection}: its
 * fast path to the RegionServer holding the row (UCX: shared memory, TCP or RDMA; the paper's direct connection
 * for cell data), executed as the connection's user; whatever it does not serve goes on to the RPC routes. Next:
 * straight to the RegionServer holding the row over RPC ({@code PreparedScanServerEndpoint}), the region named by
 * 16 bytes in the request, which saves HBase's region call envelope (the region name in request and reply, the
 * row to route by: about 1% of a 10-row YCSB scan). Where the RegionServers do not run that endpoint, or refuse
 * the caller a RegionServer-level call (with HBase's {@code AccessController}, only global admins may make one),
 * every execute goes to the region's own endpoint through HBase's region call instead; a refusal is remembered for
 * the connection, so that each client is refused (and audited as refused) once, not once per prepared scan.
 *
 * <p>HBase's region calls relocate and retry by themselves; for the server route this class does: a failure
 * HBase would retry (region moved, split or closing, server restarting or unreachable) looks the region up
 * again and tries once more after HBase's client pause and backoff, up to {@code hbase.client.retries.number}
 * times; {@link DoNotRetryIOException}s, the typed {@link PreparedScanException}s among them, fail at once. An execute
 * the RegionServer throttles (the caller is over an RPC quota) goes on as a region call, which HBase's client retries
 * and fails as it does a throttled native scan.
 */
final class ExecuteRoute implements Closeable {
  /** Connections whose user the RegionServers refused a RegionServer-level call. */
  private static final Map<Connection, Boolean> REFUSED = Collections.synchronizedMap(new WeakHashMap<>());

  private final Connection connection;
  private final Table table;
  private final RegionLocator locator;
  private final Admin admin;
  private final int retries;
  private final long pauseMillis;
  /** The regions executes went to, by start key. */
  private final ConcurrentNavigableMap<byte[], Route> routes = new ConcurrentSkipListMap<>(Bytes.BYTES_COMPARATOR);
  /** The connection's fast path, null where it has none for executes. */
  private final FastPathConnection fastPath;
  /** Cleared for good when a RegionServer does not know the server endpoint's service. */
  private volatile boolean serverEndpoint = true;

  ExecuteRoute(Connection connection, Table table) throws IOException {
    this.connection = connection;
    this.table = table;
    this.locator = connection.getRegionLocator(table.getName());
    this.admin = connection.getAdmin();
    this.fastPath = connection instanceof FastPathConnection fast && fast.carries(FastPathOperation.PREPARED_EXECUTE)
        ? fast : null;
    Configuration conf = connection.getConfiguration();
    this.retries = conf.getInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER,
        HConstants.DEFAULT_HBASE_CLIENT_RETRIES_NUMBER);
    this.pauseMillis = conf.getLong(HConstants.HBASE_CLIENT_PAUSE, HConstants.DEFAULT_HBASE_CLIENT_PAUSE);
  }

  /** Runs {@code request} in the region holding {@code row}. */
  ExecuteResponse execute(byte[] row, ExecuteRequest.Builder request) throws IOException {
    if (fastPath != null) {
      ExecuteResponse served = overFastPath(row, request);
      if (served != null) {
        return served;
      }
    }
    for (int tries = 0; serverEndpoint && !REFUSED.containsKey(connection); tries++) {
      // Known after the first lookup; looked up again after a failure, as the region may have moved.
      Route route = route(row, tries > 0);
      try {
        return PreparedScanServerService.newBlockingStub(admin.coprocessorService(route.server()))
            .execute(null, request.setRegion(route.regionId()).build());
      } catch (ServiceException e) {
        if (RegionCalls.unknownService(e)) {
          serverEndpoint = false;
          break;
        }
        IOException failure = RegionCalls.translate(table, e);
        if (failure instanceof AccessDeniedException) {
          // The region route checks the caller as HBase checks any region call: if it refuses too, that is
          // the answer.
          REFUSED.put(connection, Boolean.TRUE);
          break;
        }
        if (failure instanceof RpcThrottlingException) {
          // The caller is over an RPC quota. HBase's region call waits out a throttle as HBase's client waits for a
          // native call (the wait the RegionServer names, within the operation timeout), and fails as it fails.
          break;
        }
        if (failure instanceof DoNotRetryIOException || tries >= retries) {
          throw failure;
        }
        pause(tries);
      }
    }
    return RegionCalls.execute(table, row, request.clearRegion().build());
  }

  /** The execute over the fast path, or null when it goes over RPC. */
  private ExecuteResponse overFastPath(byte[] row, ExecuteRequest.Builder request) throws IOException {
    Route route = route(row, false);
    FastPathCall call = fastPath.call(route.location(), FastPathOperation.PREPARED_EXECUTE,
        request.setRegion(route.regionId()).build().toByteArray());
    if (call.served()) {
      ByteBuffer reply = call.response();
      return ExecuteResponse.PARSER.parseFrom(reply.array(), reply.arrayOffset() + reply.position(),
          reply.remaining());
    }
    if (call.replayAsked()) {
      // HBase's request path threw, perhaps because the region moved: the RPC route learns where it went, and
      // HBase's location cache with it.
      routes.remove(route.location().getRegion().getStartKey(), route);
    } else if (call.mayHaveRun() && request.hasCursor() && !request.getCloseCursor()) {
      // The RegionServer may have read on with the cursor, or may yet: sent again, the execute would skip those
      // rows. Given up as an expired cursor is, the scan resumes after the last row the client has; the cursor's
      // lease frees it on the server.
      return ExecuteResponse.newBuilder().setStatus(ExecuteResponse.Status.CURSOR_EXPIRED).build();
    }
    return null;
  }

  /**
   * Where the region holding {@code row} is. Kept here by the region's start key, because HBase's own lookup, cached
   * as it is, costs a traced call per execute; {@code reload} asks HBase's meta again, after a failure.
   */
  private Route route(byte[] row, boolean reload) throws IOException {
    if (!reload) {
      Map.Entry<byte[], Route> known = routes.floorEntry(row);
      if (known != null && known.getValue().holds(row)) {
        return known.getValue();
      }
    }
    HRegionLocation location = locator.getRegionLocation(row, reload);
    RegionInfo region = location.getRegion();
    // Regions this one replaced (a merge) start inside it: forget them.
    (region.getEndKey().length == 0 ? routes.tailMap(region.getStartKey(), false)
        : routes.subMap(region.getStartKey(), false, region.getEndKey(), false)).clear();
    Route route = new Route(location, HBaseZeroCopyByteString.wrap(Bytes.fromHex(region.getEncodedName())));
    routes.put(region.getStartKey(), route);
    return route;
  }

  /**
   * A region's location and its id as the RegionServer-level routes read it: the encoded region name's hex digits
   * as the bytes they spell.
   */
  private record Route(HRegionLocation location, com.google.protobuf.ByteString regionId) {
    ServerName server() {
      return location.getServerName();
    }

    boolean holds(byte[] row) {
      byte[] endKey = location.getRegion().getEndKey();
      return endKey.length == 0 || Bytes.compareTo(row, endKey) < 0;
    }
  }

  private void pause(int tries) throws InterruptedIOException {
    long millis = pauseMillis * HConstants.RETRY_BACKOFF[Math.min(tries, HConstants.RETRY_BACKOFF.length - 1)];
    Pause.sleep(Duration.ofMillis(millis), "waiting to retry an execute on table '" + table.getName() + "'");
  }

  @Override
  public void close() throws IOException {
    try {
      locator.close();
    } finally {
      admin.close();
    }
  }
}
