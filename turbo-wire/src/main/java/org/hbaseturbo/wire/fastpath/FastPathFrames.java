package org.hbaseturbo.wire.fastpath;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The two messages of the fast-path channel, each one UCX active message.
 *
 * <pre>
 * request: version (1) | operation (1) | session token (16) | request id (8) | the operation's protobuf request
 * reply:   version (1) | status (1)    | request id (8)     | its protobuf response, or a UTF-8 reason
 * </pre>
 *
 * The protobuf messages are HBase's own for a Get or a Put, Prepared Scan's for an execute.
 *
 * The request id lets a client that gave up waiting recognise a late reply for what it is.
 */
public final class FastPathFrames {
  public static final byte VERSION = 1;
  public static final int TOKEN_BYTES = 16;
  public static final int REQUEST_HEADER_BYTES = 2 + TOKEN_BYTES + 8;
  public static final int REPLY_HEADER_BYTES = 2 + 8;
  /** Active message ids: requests go to the server's handler, replies to the client's. */
  public static final int REQUEST_MESSAGE = 1;
  public static final int REPLY_MESSAGE = 2;

  private FastPathFrames() {
  }

  /** Writes a request's header at the buffer's position, which then stands where the body goes. */
  public static void putRequestHeader(ByteBuffer into, FastPathOperation operation, byte[] token, long requestId) {
    if (token.length != TOKEN_BYTES) {
      throw new IllegalArgumentException("a session token has " + TOKEN_BYTES + " bytes, not " + token.length);
    }
    into.put(VERSION).put(operation.code()).put(token).putLong(requestId);
  }

  /** Writes a reply's header at the buffer's position, which then stands where the body goes. */
  public static void putReplyHeader(ByteBuffer into, FastPathStatus status, long requestId) {
    into.put(VERSION).put(status.code()).putLong(requestId);
  }

  /**
   * A request as the server reads it.
   *
   * @param operation null when the code names none
   */
  public record Request(FastPathOperation operation, byte[] token, long requestId, byte[] body) {
    /** @return null when the bytes are too short or of another version */
    public static Request parse(byte[] message) {
      if (message.length < REQUEST_HEADER_BYTES || message[0] != VERSION) {
        return null;
      }
      ByteBuffer in = ByteBuffer.wrap(message);
      in.get();
      FastPathOperation operation = FastPathOperation.of(in.get());
      byte[] token = new byte[TOKEN_BYTES];
      in.get(token);
      long requestId = in.getLong();
      return new Request(operation, token, requestId, Arrays.copyOfRange(message, REQUEST_HEADER_BYTES,
          message.length));
    }

    /** The id of a request that may be malformed beyond its header, or -1: where to address a refusal. */
    public static long idOf(byte[] message) {
      return message.length >= REQUEST_HEADER_BYTES ? ByteBuffer.wrap(message).getLong(2 + TOKEN_BYTES) : -1;
    }
  }

  /**
   * A reply as the client reads it.
   *
   * @param status null when the code names none
   */
  public record Reply(FastPathStatus status, long requestId, ByteBuffer body) {
    /** @return null when the bytes are too short or of another version */
    public static Reply parse(ByteBuffer message) {
      if (message.remaining() < REPLY_HEADER_BYTES || message.get(message.position()) != VERSION) {
        return null;
      }
      ByteBuffer in = message.duplicate();
      in.get();
      FastPathStatus status = FastPathStatus.of(in.get());
      long requestId = in.getLong();
      return new Reply(status, requestId, in.slice());
    }
  }
}
