package org.hbaseturbo.wire.fastpath;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The two messages of the fast-path channel, each one UCX active message. Big-endian.
 *
 * <pre>
 * request: version (1) | operation (1) | session (16) | stream (4) | sequence (8) | deadline (8) | mac (16) | body
 * reply:   version (1) | status (1) | stream (4) | sequence (8) | server clock (8) | mac (16) | body
 * </pre>
 *
 * <ul>
 *   <li>session: the id the RegionServer gave the session when the client opened it over RPC; public.
 *   <li>stream: the client's UCX worker that sent the request. Its requests reach one server worker, in order.
 *   <li>sequence: counts up on each stream from a random start; the server runs a request only if its sequence is
 *       above every earlier one of its stream (a replayed request is refused), and the reply carries it back, so
 *       that a reply counts only for the request it answers.
 *   <li>deadline: when the caller gives up, on the server's monotonic clock ({@code System.nanoTime}) as the client
 *       places it at session open; the server drops a request it has not begun by then, and bounds the waits of
 *       one it has begun by it, as HBase's RPC server does with a call's deadline. The client sends its fallback
 *       over RPC only after that time.
 *   <li>server clock: the server's monotonic clock when it sent the reply, from which the client learns where that
 *       clock stands against its own, for the deadlines of its next requests.
 *   <li>mac: {@link FrameMac} of every other byte of the message, under the session key. Every request and every
 *       reply carries it. A request that does not carry its session's mac gets no reply.
 *   <li>body: the operation's protobuf request (HBase's own for a Get, Prepared Scan's for an execute); for a Put
 *       or a batch, HBase's request with its Puts' cells in a cell block ({@link CellBlockBody}, since version 5);
 *       a served reply's response with its results' cells in a cell block (since version 4); or a UTF-8 reason for
 *       a refusal.
 * </ul>
 *
 * <p>No message carries an address. A request travels with UCX's reply flag, and the server answers over the
 * endpoint UCX itself made when the client's endpoint connected: UCX parses connection setup from its peers in
 * native code that asserts rather than refuses, so no byte a peer chose is ever handed to UCX as an address
 * (version 2 carried the client's worker address in its requests, and one malformed address aborted a RegionServer).
 */
public final class FastPathFrames {
  public static final byte VERSION = 5;
  /** The largest request or reply a limit may allow: a message is one Java array on either side. */
  public static final long MAX_MESSAGE_BYTES = 1L << 30;
  public static final int SESSION_BYTES = 16;
  public static final int MAC_BYTES = FrameMac.BYTES;
  static final int REQUEST_SESSION = 2;
  static final int REQUEST_STREAM = REQUEST_SESSION + SESSION_BYTES;
  static final int REQUEST_SEQUENCE = REQUEST_STREAM + 4;
  static final int REQUEST_DEADLINE = REQUEST_SEQUENCE + 8;
  public static final int REQUEST_MAC = REQUEST_DEADLINE + 8;
  public static final int REQUEST_HEADER_BYTES = REQUEST_MAC + MAC_BYTES;
  static final int REPLY_STREAM = 2;
  static final int REPLY_SEQUENCE = REPLY_STREAM + 4;
  static final int REPLY_SERVER_NANOS = REPLY_SEQUENCE + 8;
  public static final int REPLY_MAC = REPLY_SERVER_NANOS + 8;
  public static final int REPLY_HEADER_BYTES = REPLY_MAC + MAC_BYTES;
  /** Active message ids: requests go to the server's handler, replies to the client's. */
  public static final int REQUEST_MESSAGE = 1;
  public static final int REPLY_MESSAGE = 2;

  private FastPathFrames() {
  }

  /**
   * Writes a request's header at the buffer's position, which then stands where the body goes; its mac is written
   * once the body is there ({@link FrameMac#sign}).
   */
  public static void putRequestHeader(ByteBuffer into, FastPathOperation operation, byte[] session, int stream,
      long sequence, long deadlineNanos) {
    if (session.length != SESSION_BYTES) {
      throw new IllegalArgumentException("a session id has " + SESSION_BYTES + " bytes, not " + session.length);
    }
    into.put(VERSION).put(operation.code()).put(session).putInt(stream).putLong(sequence).putLong(deadlineNanos)
        .put(new byte[MAC_BYTES]);
  }

  /**
   * Writes a reply's header at the buffer's position, which then stands where the body goes.
   *
   * @param serverNanos the server's {@code System.nanoTime} as it sends the reply
   */
  public static void putReplyHeader(ByteBuffer into, FastPathStatus status, int stream, long sequence,
      long serverNanos) {
    into.put(VERSION).put(status.code()).putInt(stream).putLong(sequence).putLong(serverNanos)
        .put(new byte[MAC_BYTES]);
  }

  /**
   * A request's header as the server reads it; the message stays whole for the mac.
   *
   * @param operation null when the code names none
   */
  public record Request(FastPathOperation operation, byte[] session, int stream, long sequence, long deadlineNanos,
      byte[] message) {
    /** @return null when the bytes are too short for their header, or of another version */
    public static Request parse(byte[] message) {
      if (message.length < REQUEST_HEADER_BYTES || message[0] != VERSION) {
        return null;
      }
      ByteBuffer in = ByteBuffer.wrap(message);
      return new Request(FastPathOperation.of(message[1]),
          Arrays.copyOfRange(message, REQUEST_SESSION, REQUEST_SESSION + SESSION_BYTES), in.getInt(REQUEST_STREAM),
          in.getLong(REQUEST_SEQUENCE), in.getLong(REQUEST_DEADLINE), message);
    }

    /** The operation's body: its protobuf request, and for a Put or a batch their cells ({@link CellBlockBody}). */
    public byte[] body() {
      return Arrays.copyOfRange(message, REQUEST_HEADER_BYTES, message.length);
    }

    /** Whether the mac is that of the rest of the message under {@code mac}'s key. */
    public boolean signedWith(FrameMac mac) {
      return mac.verify(ByteBuffer.wrap(message), REQUEST_MAC);
    }
  }

  /**
   * A reply as the client reads it.
   *
   * @param status null when the code names none
   * @param message the whole reply, for its mac
   */
  public record Reply(FastPathStatus status, int stream, long sequence, long serverNanos, ByteBuffer body,
      ByteBuffer message) {
    /** @return null when the bytes are too short or of another version */
    public static Reply parse(ByteBuffer message) {
      int at = message.position();
      if (message.remaining() < REPLY_HEADER_BYTES || message.get(at) != VERSION) {
        return null;
      }
      ByteBuffer body = message.duplicate().position(at + REPLY_HEADER_BYTES).slice();
      return new Reply(FastPathStatus.of(message.get(at + 1)), message.getInt(at + REPLY_STREAM),
          message.getLong(at + REPLY_SEQUENCE), message.getLong(at + REPLY_SERVER_NANOS), body, message.duplicate());
    }

    /** Whether the mac is that of the rest of the message under {@code mac}'s key. */
    public boolean signedWith(FrameMac mac) {
      return mac.verify(message.duplicate(), REPLY_MAC);
    }
  }
}
