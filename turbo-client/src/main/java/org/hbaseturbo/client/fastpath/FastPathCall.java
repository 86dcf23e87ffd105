package org.hbaseturbo.client.fastpath;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.CellScanner;
import org.hbaseturbo.common.Pause;
import org.hbaseturbo.wire.fastpath.CellBlockBody;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Reply;
import org.hbaseturbo.wire.fastpath.FastPathStatus;

/**
 * How one request over the fast path ended: the RegionServer's reply, or none, and whether the request left this
 * client. A caller whose request changes what the server holds for it (a Prepared Scan execute moves its cursor)
 * must know whether a request that was not served may still have run.
 *
 * @param reply null when none came
 * @param sent whether the request may have reached the RegionServer
 * @param deadlineNanos the caller's deadline the request carried ({@code System.nanoTime}); the RegionServer does not
 *     begin it after that
 */
public record FastPathCall(Reply reply, boolean sent, long deadlineNanos) {
  /** No session or worker to send it with: nothing ran. */
  static final FastPathCall NOT_SENT = new FastPathCall(null, false, 0);

  /** Sent, or partly, with no reply: the endpoint failed or the timeout passed. */
  static FastPathCall noReply(long deadlineNanos) {
    return new FastPathCall(null, true, deadlineNanos);
  }

  /** The RegionServer's status, null without a reply or with a code this client does not know. */
  public FastPathStatus status() {
    return reply == null ? null : reply.status();
  }

  public boolean served() {
    return status() == FastPathStatus.OK;
  }

  /**
   * The operation's protobuf response, when {@link #served}: a view of the reply's bytes.
   *
   * @throws IOException when the reply does not hold one
   */
  public ByteBuffer response() throws IOException {
    return CellBlockBody.message(servedBody());
  }

  /** The cells of the response's results, in the response's order, when {@link #served}. */
  public CellScanner cells() throws IOException {
    return CellBlockBody.cells(servedBody());
  }

  private ByteBuffer servedBody() {
    if (!served()) {
      throw new IllegalStateException("a fast-path call that ended " + status() + " has no response");
    }
    return reply.body();
  }

  /**
   * Whether the RegionServer may have run the request although it did not serve it: no reply came (the worker may
   * still begin it until its deadline), or it ran and its reply was too large to carry.
   */
  public boolean mayHaveRun() {
    FastPathStatus status = status();
    return sent && (status == null || status == FastPathStatus.REPLY_TOO_LARGE);
  }

  /**
   * Waits until the RegionServer can no longer begin the request: past its deadline. Before an operation that
   * {@link #mayHaveRun} is sent again over RPC, where the copy still queued on the server could otherwise run after
   * it, and after whatever the caller does next (a Delete), and undo it: HBase's RPC server drops a call past its
   * deadline the same way.
   */
  public void awaitDeadline() throws InterruptedIOException {
    long left = nanosToDeadline();
    if (left > 0) {
      try {
        TimeUnit.NANOSECONDS.sleep(left);
      } catch (InterruptedException e) {
        throw Pause.interrupted("the fast path's request could still run", e);
      }
    }
  }

  /** How long {@link #awaitDeadline} waits: until the deadline of a request sent and not answered; else 0. */
  long nanosToDeadline() {
    return sent && reply == null ? Math.max(0, deadlineNanos - System.nanoTime()) : 0;
  }

  /**
   * Whether the RegionServer asked for RPC: HBase's request path threw there (region moved, access denied, ...), or
   * it could not be sure it still holds the region and ran nothing.
   */
  public boolean replayAsked() {
    return status() == FastPathStatus.REPLAY_OVER_RPC || status() == FastPathStatus.NOT_SERVING;
  }
}
