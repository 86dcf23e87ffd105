package org.hbaseturbo.wire.fastpath;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The two messages of the fast-path channel, each one UCX active message. Big-endian.
 *
 * <pre>
 * request: version (1) | operation (1) | session (16) | stream (4) | sequence (8) | deadline (8)
 *          | reply address length (2) | mac (16) | reply address | body
 * reply:   version (1) | status (1) | stream (4) | sequence (8) | mac (16) | body
 * </pre>
 *
 * <ul>
 *   <li>session: the id the RegionServer gave the session when the client opened it over RPC; public.
 *   <li>stream: the client's UCX worker that sent the request. Its requests reach one server worker, in order.
 *   <li>sequence: counts up on each stream from a random start; the server runs a request only if its sequence is
 *       above every earlier one of its stream (a replayed request is refused), and the reply carries it back, so
 *       that a peer that does not see the traffic cannot guess one to answer to.
 *   <li>deadline: when the caller gives up, on the server's monotonic clock ({@code System.nanoTime}) as the client
 *       places it at session open; the server drops a request it has not begun by then, as HBase's RPC server drops
 *       a call past its deadline. The client sends its fallback over RPC only after that time.
 *   <li>reply address: the UCX worker address of the client's stream, where the server sends its replies over an
 *       endpoint it makes itself. A client sends it until its stream's first reply; the server keeps the endpoint.
 *       Replies never go over UCX's reply endpoints: UCX 1.13.1 crashes the process that sent on one when its peer
 *       then sends certain messages (FastPathUnderFuzzIT found it).
 *   <li>mac: {@link FrameMac} of every other byte of the message, under the session key. A request always carries
 *       it; a reply where the session's replies are signed, zeros otherwise. A request that does not carry its
 *       session's mac gets no reply: the server has no address it could trust to send one to.
 *   <li>body: the operation's protobuf request or response (HBase's own for a Get or a Put, Prepared Scan's for an
 *       execute), or a UTF-8 reason for a refusal.
 * </ul>
 */
public final class FastPathFrames {
  public static final byte VERSION = 2;
  public static final int SESSION_BYTES = 16;
  public static final int MAC_BYTES = FrameMac.BYTES;
  static final int REQUEST_SESSION = 2;
  static final int REQUEST_STREAM = REQUEST_SESSION + SESSION_BYTES;
  static final int REQUEST_SEQUENCE = REQUEST_STREAM + 4;
  static final int REQUEST_DEADLINE = REQUEST_SEQUENCE + 8;
  static final int REQUEST_ADDRESS_LENGTH = REQUEST_DEADLINE + 8;
  public static final int REQUEST_MAC = REQUEST_ADDRESS_LENGTH + 2;
  public static final int REQUEST_HEADER_BYTES = REQUEST_MAC + MAC_BYTES;
  static final int REPLY_STREAM = 2;
  static final int REPLY_SEQUENCE = REPLY_STREAM + 4;
  public static final int REPLY_MAC = REPLY_SEQUENCE + 8;
  public static final int REPLY_HEADER_BYTES = REPLY_MAC + MAC_BYTES;
  /** The longest reply address the length field carries. */
  public static final int MAX_ADDRESS_BYTES = 0xFFFF;
  /** Active message ids: requests go to the server's handler, replies to the client's. */
  public static final int REQUEST_MESSAGE = 1;
  public static final int REPLY_MESSAGE = 2;

  private FastPathFrames() {
  }

  /**
   * Writes a request's header and reply address at the buffer's position, which then stands where the body goes;
   * its mac is written once the body is there ({@link FrameMac#sign}).
   *
   * @param replyAddress the stream's worker address, or empty once the server has answered the stream
   */
  public static void putRequestHeader(ByteBuffer into, FastPathOperation operation, byte[] session, int stream,
      long sequence, long deadlineNanos, byte[] replyAddress) {
    if (session.length != SESSION_BYTES) {
      throw new IllegalArgumentException("a session id has " + SESSION_BYTES + " bytes, not " + session.length);
    }
    if (replyAddress.length > MAX_ADDRESS_BYTES) {
      throw new IllegalArgumentException("a reply address has at most " + MAX_ADDRESS_BYTES + " bytes, not "
          + replyAddress.length);
    }
    into.put(VERSION).put(operation.code()).put(session).putInt(stream).putLong(sequence).putLong(deadlineNanos)
        .putShort((short) replyAddress.length).put(new byte[MAC_BYTES]).put(replyAddress);
  }

  /** Writes a reply's header at the buffer's position, which then stands where the body goes. */
  public static void putReplyHeader(ByteBuffer into, FastPathStatus status, int stream, long sequence) {
    into.put(VERSION).put(status.code()).putInt(stream).putLong(sequence).put(new byte[MAC_BYTES]);
  }

  /**
   * A request's header as the server reads it; the message stays whole for the mac.
   *
   * @param operation null when the code names none
   */
  public record Request(FastPathOperation operation, byte[] session, int stream, long sequence, long deadlineNanos,
      int addressLength, byte[] message) {
    /** @return null when the bytes are too short for their header and reply address, or of another version */
    public static Request parse(byte[] message) {
      if (message.length < REQUEST_HEADER_BYTES || message[0] != VERSION) {
        return null;
      }
      ByteBuffer in = ByteBuffer.wrap(message);
      int addressLength = Short.toUnsignedInt(in.getShort(REQUEST_ADDRESS_LENGTH));
      if (message.length < REQUEST_HEADER_BYTES + addressLength) {
        return null;
      }
      return new Request(FastPathOperation.of(message[1]),
          Arrays.copyOfRange(message, REQUEST_SESSION, REQUEST_SESSION + SESSION_BYTES), in.getInt(REQUEST_STREAM),
          in.getLong(REQUEST_SEQUENCE), in.getLong(REQUEST_DEADLINE), addressLength, message);
    }

    /** The stream's worker address, empty when the request carries none. */
    public byte[] replyAddress() {
      return Arrays.copyOfRange(message, REQUEST_HEADER_BYTES, REQUEST_HEADER_BYTES + addressLength);
    }

    /** The operation's protobuf request. */
    public byte[] body() {
      return Arrays.copyOfRange(message, REQUEST_HEADER_BYTES + addressLength, message.length);
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
  public record Reply(FastPathStatus status, int stream, long sequence, ByteBuffer body, ByteBuffer message) {
    /** @return null when the bytes are too short or of another version */
    public static Reply parse(ByteBuffer message) {
      int at = message.position();
      if (message.remaining() < REPLY_HEADER_BYTES || message.get(at) != VERSION) {
        return null;
      }
      ByteBuffer body = message.duplicate().position(at + REPLY_HEADER_BYTES).slice();
      return new Reply(FastPathStatus.of(message.get(at + 1)), message.getInt(at + REPLY_STREAM),
          message.getLong(at + REPLY_SEQUENCE), body, message.duplicate());
    }

    /** Whether the mac is that of the rest of the message under {@code mac}'s key. */
    public boolean signedWith(FrameMac mac) {
      return mac.verify(message.duplicate(), REPLY_MAC);
    }
  }
}
