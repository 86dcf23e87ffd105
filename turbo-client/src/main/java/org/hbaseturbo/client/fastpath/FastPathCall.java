package org.hbaseturbo.client.fastpath;

import java.nio.ByteBuffer;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Reply;
import org.hbaseturbo.wire.fastpath.FastPathStatus;

/**
 * How one request over the fast path ended: the RegionServer's reply, or none, and whether the request left this
 * client. A caller whose request changes what the server holds for it (a Prepared Scan execute moves its cursor)
 * must know whether a request that was not served may still have run.
 *
 * @param reply null when none came
 * @param sent whether the request may have reached the RegionServer
 */
public record FastPathCall(Reply reply, boolean sent) {
  /** No session or worker to send it with: nothing ran. */
  static final FastPathCall NOT_SENT = new FastPathCall(null, false);
  /** Sent, or partly, with no reply: the endpoint failed or the timeout passed. */
  static final FastPathCall NO_REPLY = new FastPathCall(null, true);

  /** The RegionServer's status, null without a reply or with a code this client does not know. */
  public FastPathStatus status() {
    return reply == null ? null : reply.status();
  }

  public boolean served() {
    return status() == FastPathStatus.OK;
  }

  /** The operation's protobuf response, when {@link #served}. */
  public ByteBuffer body() {
    if (!served()) {
      throw new IllegalStateException("a fast-path call that ended " + status() + " has no response");
    }
    return reply.body();
  }

  /**
   * Whether the RegionServer may have run the request although it did not serve it: no reply came (the worker may
   * still run it, as the queue has no deadline), or it ran and its reply was too large to carry.
   */
  public boolean mayHaveRun() {
    FastPathStatus status = status();
    return sent && (status == null || status == FastPathStatus.REPLY_TOO_LARGE);
  }

  /** Whether HBase's request path threw on the RegionServer (region moved, access denied, ...). */
  public boolean replayAsked() {
    return status() == FastPathStatus.REPLAY_OVER_RPC;
  }
}
