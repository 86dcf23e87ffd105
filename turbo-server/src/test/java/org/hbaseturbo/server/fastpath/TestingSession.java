package org.hbaseturbo.server.fastpath;

import java.nio.ByteBuffer;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FrameMac;

/**
 * A fast-path session's id and key as a client holds them, for tests that write requests by hand: signed, with any
 * stream, sequence and deadline, or with a key that is not the session's.
 */
public record TestingSession(byte[] id, byte[] key) {
  /** A request signed with the session key, due in 10 s on this host's clock. */
  public byte[] request(FastPathOperation operation, int stream, long sequence, byte[] body) {
    return request(operation, stream, sequence, System.nanoTime() + 10_000_000_000L, body);
  }

  public byte[] request(FastPathOperation operation, int stream, long sequence, long deadlineNanos, byte[] body) {
    return signedWith(key, operation, stream, sequence, deadlineNanos, body);
  }

  /** A request of this session signed with another key: what a forger without the session key can send. */
  public byte[] forged(FastPathOperation operation, int stream, long sequence, byte[] body) {
    return signedWith(new byte[32], operation, stream, sequence, System.nanoTime() + 10_000_000_000L, body);
  }

  private byte[] signedWith(byte[] macKey, FastPathOperation operation, int stream, long sequence,
      long deadlineNanos, byte[] body) {
    ByteBuffer out = ByteBuffer.allocate(FastPathFrames.REQUEST_HEADER_BYTES + body.length);
    FastPathFrames.putRequestHeader(out, operation, id, stream, sequence, deadlineNanos);
    out.put(body).flip();
    new FrameMac(macKey).sign(out, FastPathFrames.REQUEST_MAC);
    return out.array();
  }
}
