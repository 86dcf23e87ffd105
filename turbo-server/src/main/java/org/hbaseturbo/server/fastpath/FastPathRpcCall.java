package org.hbaseturbo.server.fastpath;

import java.io.IOException;
import java.net.InetAddress;
import java.security.cert.X509Certificate;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ipc.RpcCall;
import org.apache.hadoop.hbase.ipc.RpcCallback;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.VersionInfo;
import org.apache.hadoop.hbase.shaded.protobuf.generated.RPCProtos.RequestHeader;
import org.apache.hadoop.hbase.util.EnvironmentEdgeManager;
import org.apache.hbase.thirdparty.com.google.protobuf.BlockingService;
import org.apache.hbase.thirdparty.com.google.protobuf.Descriptors.MethodDescriptor;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The RPC call a fast-path request runs as: HBase's request path reads the current call (RpcServer's thread-local)
 * for what a handler thread would know, and this one tells it.
 * <ul>
 *   <li>The caller's deadline, on HBase's clock: a row-lock wait ends there, as for an RPC, so a Put cannot take
 *       its row after its caller gave up and may have sent it again over RPC, or sent a Delete.
 *   <li>The session's user, for coprocessors (AccessController, VisibilityController), quotas and audit lines, and
 *       the address the session was opened from.
 *   <li>Where the response's cells come from: a Get's scanner closes when its response is built ({@link #done}),
 *       as an RPC's closes once its response is sent.
 * </ul>
 * What a fast-path request does not have (a protobuf service, a header, a request's cell block, request attributes) is
 * absent.
 * It implements both HBase lines' interface: 2.6 renamed the block-size accounting and added attributes.
 */
final class FastPathRpcCall implements RpcCall {
  private static final Logger LOG = LoggerFactory.getLogger(FastPathRpcCall.class);
  /**
   * The client's version, as HBase's request path reads what a client can take from it: this server's own. A
   * fast-path client reads every reply's results as HBase's client of this line reads an RPC response, cells from
   * the reply's cell block ({@code CellBlockBody}). Without a version, HBase takes the caller for a client older than
   * 1.3 and writes a Get's cells into its protobuf response: a copy into protobuf on the server and two back out on the
   * client, for each cell, which a cell block spares.
   */
  private static final VersionInfo CLIENT_VERSION = ProtobufUtil.getVersionInfo();

  private final User user;
  private final InetAddress remoteAddress;
  private final long size;
  private final long receiveTime;
  private final long deadline;
  private long startTime;
  private RpcCallback callback;
  private long responseCellSize;
  private long blockBytesScanned;
  private long responseExceptionSize;

  /**
   * @param deadlineNanos the caller's deadline on this host's monotonic clock
   * @param size the request's bytes
   */
  FastPathRpcCall(User user, InetAddress remoteAddress, long deadlineNanos, long size) {
    this.user = user;
    this.remoteAddress = remoteAddress;
    this.size = size;
    this.receiveTime = EnvironmentEdgeManager.currentTime();
    this.startTime = receiveTime;
    // Rounded down: the deadline on HBase's clock falls no later than the caller's.
    this.deadline = receiveTime + Math.floorDiv(deadlineNanos - System.nanoTime(), 1_000_000L);
  }

  /** After the response was built from the cells: runs what the request path left to run then. */
  void done() {
    RpcCallback ending = callback;
    callback = null;
    if (ending != null) {
      try {
        ending.run();
      } catch (IOException | RuntimeException e) {
        LOG.warn("closing what a fast-path request of {} left open failed", user.getName(), e);
      }
    }
  }

  @Override
  public long getDeadline() {
    return deadline;
  }

  @Override
  public int getTimeout() {
    return (int) Math.max(0, Math.min(Integer.MAX_VALUE, deadline - receiveTime));
  }

  @Override
  public Optional<User> getRequestUser() {
    return Optional.of(user);
  }

  @Override
  public InetAddress getRemoteAddress() {
    return remoteAddress;
  }

  @Override
  public void setCallBack(RpcCallback callback) {
    this.callback = callback;
  }

  @Override
  public long getReceiveTime() {
    return receiveTime;
  }

  @Override
  public long getStartTime() {
    return startTime;
  }

  @Override
  public void setStartTime(long startTime) {
    this.startTime = startTime;
  }

  @Override
  public int getPriority() {
    return HConstants.NORMAL_QOS;
  }

  @Override
  public long getSize() {
    return size;
  }

  @Override
  public long disconnectSince() {
    return -1;
  }

  /**
   * Results' cells go in the reply's cell block ({@code CellBlockBody}), as RPC's handlers send them to HBase's
   * client.
   */
  @Override
  public boolean isClientCellBlockSupported() {
    return true;
  }

  /**
   * As HBase's RPC server says of every client since 1.2: HBase's multi then stops adding results once the response
   * passes its limit ({@code hbase.server.scanner.max.result.size}, or the caller's quota) and answers the batch's
   * other actions with {@code MultiActionResultTooLarge}, unrun, which the fast-path client repeats over RPC.
   * Without it, a batch of Gets of large cells built its whole response, however large.
   */
  @Override
  public boolean isRetryImmediatelySupported() {
    return true;
  }

  @Override
  public long getResponseCellSize() {
    return responseCellSize;
  }

  @Override
  public void incrementResponseCellSize(long cellSize) {
    responseCellSize += cellSize;
  }

  @Override
  public long getResponseExceptionSize() {
    return responseExceptionSize;
  }

  @Override
  public void incrementResponseExceptionSize(long exceptionSize) {
    responseExceptionSize += exceptionSize;
  }

  // HBase 2.6's names for the block accounting, and 2.5's: each line's interface has one pair.

  public long getBlockBytesScanned() {
    return blockBytesScanned;
  }

  public void incrementBlockBytesScanned(long blockSize) {
    blockBytesScanned += blockSize;
  }

  public long getResponseBlockSize() {
    return blockBytesScanned;
  }

  public void incrementResponseBlockSize(long blockSize) {
    blockBytesScanned += blockSize;
  }

  // What a fast-path request does not have. The attribute and certificate methods are HBase 2.6's.

  public Optional<X509Certificate[]> getClientCertificateChain() {
    return Optional.empty();
  }

  public Map<String, byte[]> getConnectionAttributes() {
    return Map.of();
  }

  public Map<String, byte[]> getRequestAttributes() {
    return Map.of();
  }

  public byte[] getRequestAttribute(String key) {
    return null;
  }

  /** {@link #CLIENT_VERSION}. */
  @Override
  public VersionInfo getClientVersionInfo() {
    return CLIENT_VERSION;
  }

  @Override
  public BlockingService getService() {
    return null;
  }

  @Override
  public MethodDescriptor getMethod() {
    return null;
  }

  @Override
  public Message getParam() {
    return null;
  }

  @Override
  public CellScanner getCellScanner() {
    return null;
  }

  @Override
  public RequestHeader getHeader() {
    return null;
  }

  @Override
  public int getRemotePort() {
    return 0;
  }

  @Override
  public void setResponse(Message param, CellScanner cells, Throwable errorThrowable, String error) {
    // The fast path sends its own reply.
  }

  @Override
  public void sendResponseIfReady() {
    // The fast path sends its own reply.
  }

  @Override
  public void cleanup() {
    // Nothing is held for a response: it was built before done().
  }

  @Override
  public String toShortString() {
    return "fast-path request of " + user.getName();
  }
}
