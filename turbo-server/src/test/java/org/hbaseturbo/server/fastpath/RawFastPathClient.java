package org.hbaseturbo.server.fastpath;

import java.io.Closeable;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.conf.Configuration;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Reply;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Request;
import org.openucx.jucx.UcxUtils;
import org.openucx.jucx.ucp.UcpConstants;
import org.openucx.jucx.ucp.UcpContext;
import org.openucx.jucx.ucp.UcpEndpoint;
import org.openucx.jucx.ucp.UcpEndpointParams;
import org.openucx.jucx.ucp.UcpRequest;
import org.openucx.jucx.ucp.UcpWorker;
import org.openucx.jucx.ucp.UcpWorkerParams;
import org.openucx.jucx.ucs.UcsConstants;

/**
 * A UCX endpoint to one fast-path worker that sends whatever bytes a test gives it, with whatever active message id
 * and flags, as an attacker could; it keeps every reply that comes back. Requests go as clients send them: eagerly,
 * with UCX's reply flag, so that the worker answers over the endpoint UCX made to this client.
 */
public final class RawFastPathClient implements Closeable {
  /** How long a test waits for a reply it expects. */
  private static final long REPLY_WAIT_NANOS = 10_000_000_000L;

  private final UcpContext context;
  private final UcpWorker worker;
  private final UcpEndpoint endpoint;
  /** How clients send requests. */
  public static final long REQUEST_FLAGS = UcpConstants.UCP_AM_SEND_FLAG_EAGER | UcpConstants.UCP_AM_SEND_FLAG_REPLY;

  private final List<Reply> replies = new ArrayList<>();

  public RawFastPathClient(ByteBuffer serverWorker) throws Exception {
    context = UcxRuntime.openContext(ChannelSettings.transports(new Configuration(false)));
    worker = context.newWorker(new UcpWorkerParams());
    worker.setAmRecvHandler(FastPathFrames.REPLY_MESSAGE, (header, headerLength, data, replyTo) -> {
      ByteBuffer view = UcxUtils.getByteBufferView(data.getDataAddress(), data.getLength());
      Reply reply = Reply.parse(ByteBuffer.allocate(view.remaining()).put(view).flip());
      if (reply != null) {
        replies.add(reply);
      }
      return UcsConstants.STATUS.UCS_OK;
    }, UcpConstants.UCP_AM_FLAG_WHOLE_MSG);
    UcxRuntime.dropUnhandledMessages(worker, FastPathFrames.REPLY_MESSAGE);
    ByteBuffer server = ByteBuffer.allocateDirect(serverWorker.remaining()).put(serverWorker.duplicate()).flip();
    endpoint = worker.newEndpoint(new UcpEndpointParams().setUcpAddress(server).setPeerErrorHandlingMode());
  }

  /**
   * Sends a request as a client does and waits up to 10 s for its reply, the one that names its stream and sequence
   * (replies to requests fired before may still be on their way); null if none.
   */
  public Reply send(byte[] message) {
    Request request = Request.parse(message);
    int before = replies.size();
    fire(FastPathFrames.REQUEST_MESSAGE, message, REQUEST_FLAGS);
    long deadline = System.nanoTime() + REPLY_WAIT_NANOS;
    while (System.nanoTime() < deadline) {
      for (Reply reply : replies.subList(before, replies.size())) {
        if (reply.stream() == request.stream() && reply.sequence() == request.sequence()) {
          return reply;
        }
      }
      progressOrPause();
    }
    return null;
  }

  /** Sends a message as given and waits until UCX has sent it (up to 10 s), not for a reply. */
  public void fire(int messageId, byte[] message, long flags) {
    ByteBuffer buffer = ByteBuffer.allocateDirect(Math.max(1, message.length)).put(message).flip();
    UcpRequest send = endpoint.sendAmNonBlocking(messageId, 0, 0, UcxUtils.getAddress(buffer), message.length, flags,
        null);
    long deadline = System.nanoTime() + REPLY_WAIT_NANOS;
    while (!send.isCompleted() && System.nanoTime() < deadline) {
      progressOrPause();
    }
  }

  /** Takes the replies that have come, progressing UCX for {@code nanos} first. */
  public List<Reply> replies(long nanos) {
    long until = System.nanoTime() + nanos;
    while (System.nanoTime() < until) {
      progressOrPause();
    }
    return List.copyOf(replies);
  }

  private void progressOrPause() {
    try {
      if (worker.progress() == 0) {
        // Not a spin: this test shares two cores with the RegionServer it talks to.
        LockSupport.parkNanos(20_000);
      }
    } catch (Exception e) {
      throw new IllegalStateException("UCX worker failed: " + e, e);
    }
  }

  /** Closes the endpoint as a client that says goodbye does (UCX flushes it first), then the worker. */
  public void closeGracefully() {
    UcpRequest closing = endpoint.closeNonBlockingFlush();
    long deadline = System.nanoTime() + REPLY_WAIT_NANOS;
    while (!closing.isCompleted() && System.nanoTime() < deadline) {
      progressOrPause();
    }
    worker.close();
    context.close();
  }

  /** Drops the endpoint without a word, as a client that dies does, then the worker. */
  @Override
  public void close() {
    endpoint.closeNonBlockingForce();
    worker.close();
    context.close();
  }
}
