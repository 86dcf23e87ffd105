package org.hbaseturbo.server.fastpath;

import static org.hbaseturbo.server.fastpath.InProcessCall.as;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.LongSupplier;
import org.apache.hadoop.hbase.ipc.HBaseRpcController;
import org.apache.hadoop.hbase.ipc.HBaseRpcControllerImpl;
import org.apache.hadoop.hbase.regionserver.RSRpcServices;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.GetRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutateRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto.MutationType;
import org.apache.hbase.thirdparty.com.google.protobuf.InvalidProtocolBufferException;
import org.apache.hbase.thirdparty.com.google.protobuf.ServiceException;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.server.scan.PreparedExecutes;
import org.hbaseturbo.wire.fastpath.BodyTooLargeException;
import org.hbaseturbo.wire.fastpath.CellBlockBody;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Request;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.hbaseturbo.wire.fastpath.MalformedBodyException;

/**
 * Executes fast-path requests through the RegionServer's own request path, {@link RSRpcServices} called
 * in-process as HBase's short-circuit connection does, as the current RPC call of the thread
 * ({@link FastPathRpcCall}: the session's user, the caller's deadline) and under that user's Subject ({@link Caller}):
 * region lookup, quotas, memstore back-pressure, the cell-size limit, coprocessor hooks (AccessController,
 * VisibilityController), row-lock waits bounded by the deadline, WAL, MVCC and metrics behave as for an RPC.
 * Without either, the thread's user would be the RegionServer's own, a superuser. Prepared Scan's executes go to the
 * region's endpoint as over the RegionServer endpoint ({@link PreparedExecutes}), their scanners opened through the
 * region's hooks as that user.
 */
final class FastPathRequests {
  /** An answer: a status and its body (a protobuf response, or a UTF-8 reason). */
  record Answer(FastPathStatus status, byte[] body) {
    static Answer refused(FastPathStatus status, String reason) {
      return new Answer(status, reason.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
  }

  private final RSRpcServices rpcServices;
  private final PreparedExecutes preparedExecutes;
  private final RegionServerLease lease;
  /** {@code turbo.fastpath.server.max-reply-bytes} in force (update_config changes it). */
  private final LongSupplier maxReplyBytes;

  FastPathRequests(RSRpcServices rpcServices, PreparedExecutes preparedExecutes, RegionServerLease lease,
      LongSupplier maxReplyBytes) {
    this.rpcServices = rpcServices;
    this.preparedExecutes = preparedExecutes;
    this.lease = lease;
    this.maxReplyBytes = maxReplyBytes;
  }

  /**
   * Executes an authenticated request as the user of its session, within its caller's deadline; refuses it unrun
   * while the server cannot be sure it holds its regions ({@link RegionServerLease}).
   */
  Answer execute(Sessions.Session session, Request request) {
    if (request.operation() == null) {
      return Answer.refused(FastPathStatus.MALFORMED, "unknown operation");
    }
    if (!lease.held()) {
      return Answer.refused(FastPathStatus.NOT_SERVING, lease.lapsed());
    }
    Caller caller = session.caller();
    return InProcessCall.run(caller.user(), session.from(), request.deadlineNanos(), request.message().length,
        () -> execute(caller, request));
  }

  private Answer execute(Caller caller, Request request) {
    long maxReply = maxReplyBytes.getAsLong();
    // The results' cells come back in the controller, for the reply's cell block, as RPC's handlers take them. The
    // reply is encoded before the call's done(): a cell may stand in a cached block that the call holds until then.
    HBaseRpcController controller = new HBaseRpcControllerImpl();
    byte[] reply;
    try {
      reply = switch (request.operation()) {
        case GET -> {
          GetRequest get = GetRequest.parseFrom(request.body());
          yield CellBlockBody.encode(as(caller, () -> rpcServices.get(controller, get)), controller.cellScanner(),
              maxReply);
        }
        case PUT -> {
          byte[] body = request.body();
          MutateRequest put = MutateRequest.parseFrom(CellBlockBody.message(ByteBuffer.wrap(body)));
          if (put.hasCondition() || put.getMutation().getMutateType() != MutationType.PUT) {
            yield null;
          }
          controller.setCellScanner(CellBlockBody.putCells(body));
          yield CellBlockBody.encode(as(caller, () -> rpcServices.mutate(controller, put)), controller.cellScanner(),
              maxReply);
        }
        case MULTI -> {
          byte[] body = request.body();
          MultiRequest multi = MultiRequest.parseFrom(CellBlockBody.message(ByteBuffer.wrap(body)));
          if (!GetsAndPuts.only(multi)) {
            yield null;
          }
          // HBase's multi takes the Puts' cells from the controller, as its RPC handlers hand them the call's.
          controller.setCellScanner(CellBlockBody.putCells(body));
          yield CellBlockBody.encode(as(caller, () -> rpcServices.multi(controller, multi)), controller.cellScanner(),
              maxReply);
        }
        case PREPARED_EXECUTE -> {
          ExecuteRequest execute = ExecuteRequest.parseFrom(request.body());
          // The user's name picks their prepared scans, as the RPC's user does on the other routes.
          String name = caller.user().getName();
          yield CellBlockBody.encode(as(caller, () -> preparedExecutes.execute(name, execute, maxReply)), maxReply);
        }
      };
    } catch (InvalidProtocolBufferException | com.google.protobuf.InvalidProtocolBufferException
        | MalformedBodyException e) {
      return Answer.refused(FastPathStatus.MALFORMED, "not a " + request.operation() + " request: " + e.getMessage());
    } catch (BodyTooLargeException e) {
      return Answer.refused(FastPathStatus.REPLY_TOO_LARGE, e.bytes() + " bytes");
    } catch (ServiceException | IOException | RuntimeException e) {
      return Answer.refused(FastPathStatus.REPLAY_OVER_RPC, describe(e));
    }
    if (reply == null) {
      return Answer.refused(FastPathStatus.MALFORMED, "only Gets and unconditional Puts travel the fast path");
    }
    return new Answer(FastPathStatus.OK, reply);
  }

  /** The exception HBase's request path threw, by class and message, for the client's log and tests. */
  private static String describe(Throwable e) {
    Throwable cause = e instanceof ServiceException && e.getCause() != null ? e.getCause() : e;
    String message = cause.getMessage();
    return cause.getClass().getName() + (message == null ? "" : ": " + message.lines().findFirst().orElse(""));
  }
}
