package org.hbaseturbo.testing.fastpath;

import java.io.Closeable;
import java.nio.ByteBuffer;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Reply;
import org.hbaseturbo.wire.fastpath.UcxRuntime;
import org.openucx.jucx.UcxUtils;
import org.openucx.jucx.ucp.UcpConstants;
import org.openucx.jucx.ucp.UcpContext;
import org.openucx.jucx.ucp.UcpEndpoint;
import org.openucx.jucx.ucp.UcpEndpointParams;
import org.openucx.jucx.ucp.UcpWorker;
import org.openucx.jucx.ucp.UcpWorkerParams;
import org.openucx.jucx.ucs.UcsConstants;

/** A UCX endpoint to one fast-path worker that sends whatever bytes a test gives it, as an attacker could. */
final class RawFastPathClient implements Closeable {
  private final UcpContext context;
  private final UcpWorker worker;
  private final UcpEndpoint endpoint;
  private Reply reply;

  RawFastPathClient(ByteBuffer serverWorker) throws Exception {
    context = UcxRuntime.openContext("");
    worker = context.newWorker(new UcpWorkerParams());
    worker.setAmRecvHandler(FastPathFrames.REPLY_MESSAGE, (header, headerLength, data, replyTo) -> {
      ByteBuffer view = UcxUtils.getByteBufferView(data.getDataAddress(), data.getLength());
      ByteBuffer copy = ByteBuffer.allocate(view.remaining()).put(view).flip();
      reply = Reply.parse(copy);
      return UcsConstants.STATUS.UCS_OK;
    }, UcpConstants.UCP_AM_FLAG_WHOLE_MSG);
    ByteBuffer address = ByteBuffer.allocateDirect(serverWorker.remaining()).put(serverWorker.duplicate()).flip();
    endpoint = worker.newEndpoint(new UcpEndpointParams().setUcpAddress(address).setPeerErrorHandlingMode());
  }

  /** Sends the bytes and polls up to 10 s for a reply. @return the reply, null when none came */
  Reply send(byte[] message) throws Exception {
    ByteBuffer buffer = ByteBuffer.allocateDirect(Math.max(1, message.length)).put(message).flip();
    reply = null;
    endpoint.sendAmNonBlocking(FastPathFrames.REQUEST_MESSAGE, 0, 0, UcxUtils.getAddress(buffer), message.length,
        UcpConstants.UCP_AM_SEND_FLAG_REPLY | UcpConstants.UCP_AM_SEND_FLAG_EAGER, null);
    long deadline = System.nanoTime() + 10_000_000_000L;
    while (reply == null && System.nanoTime() < deadline) {
      if (worker.progress() == 0) {
        Thread.onSpinWait();
      }
    }
    return reply;
  }

  @Override
  public void close() {
    endpoint.closeNonBlockingForce();
    worker.close();
    context.close();
  }
}
