package org.hbaseturbo.wire.fastpath;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.codec.KeyValueCodec;
import org.apache.hadoop.hbase.nio.SingleByteBuff;
import org.apache.hbase.thirdparty.com.google.protobuf.CodedOutputStream;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * A protobuf message with cells beside it in a cell block, as HBase's RPC carries them both ways: the body of a
 * served reply (the operation's response and its results' cells) and, since frame version 5, of a request that
 * carries Puts (a {@code MutateRequest} or {@code MultiRequest} and the Puts' cells).
 *
 * <pre>
 * body: message length (4) | protobuf message | cell block
 * cell block: for each cell, its length (4) | the cell as a KeyValue without tags (HBase's KeyValueCodec)
 * </pre>
 *
 * <p>Cells in a protobuf message are messages of their own, five fields each, which both sides build and parse field
 * by field, and which the server copies twice more into a cell of its own; in a cell block the sender copies each
 * cell once and the receiver reads it in place, a {@code KeyValue} over the body's bytes. A result or a mutation names
 * how many of the block's cells are its own ({@code associated_cell_count}), in the order of the message.
 *
 * <p>A request's cells come from a peer, and HBase takes a cell's bytes as they are: its memstore, its flushes and
 * its compactions read the lengths inside them. So the server reads a request's block only through
 * {@link #putCells}, which refuses every cell that is not a whole, well-formed Put.
 */
public final class CellBlockBody {
  private static final int LENGTH_BYTES = Integer.BYTES;
  /** The largest array a JVM allocates. */
  private static final long MAX_ARRAY_BYTES = Integer.MAX_VALUE - 8;
  private static final KeyValueCodec CELLS = new KeyValueCodec();

  private CellBlockBody() {
  }

  /** A body of one of HBase's messages and its cells, which may be null (no cell block). */
  public static byte[] encode(Message message, CellScanner cells) throws IOException {
    return encode(message, cells, MAX_ARRAY_BYTES);
  }

  /**
   * As {@link #encode(Message, CellScanner)}, refused before anything is copied where it would be larger than
   * {@code maxBytes}: a reply's results stand in HBase's memory already, and their copy must not double it beyond
   * what the channel carries.
   *
   * @throws BodyTooLargeException where the body would be larger than {@code maxBytes}
   */
  public static byte[] encode(Message message, CellScanner cells, long maxBytes) throws IOException {
    return encode(message.getSerializedSize(), (into, at, length) -> {
      CodedOutputStream out = CodedOutputStream.newInstance(into, at, length);
      message.writeTo(out);
      out.checkNoSpaceLeft();
    }, cells, maxBytes);
  }

  /**
   * A body of a coprocessor endpoint's response (HBase's endpoints speak unshaded protobuf), without cells, refused
   * where it would be larger than {@code maxBytes}.
   *
   * @throws BodyTooLargeException where the body would be larger than {@code maxBytes}
   */
  public static byte[] encode(com.google.protobuf.Message response, long maxBytes) throws IOException {
    return encode(response.getSerializedSize(), (into, at, length) -> {
      com.google.protobuf.CodedOutputStream out = com.google.protobuf.CodedOutputStream.newInstance(into, at, length);
      response.writeTo(out);
      out.checkNoSpaceLeft();
    }, null, maxBytes);
  }

  private interface MessageWriter {
    void write(byte[] into, int at, int length) throws IOException;
  }

  /** What {@code cell} adds to a cell block: its length, then the cell as a KeyValue without tags. */
  static long cellBytes(Cell cell) {
    return LENGTH_BYTES + KeyValueUtil.getSerializedSize(cell, false);
  }

  private static byte[] encode(int messageBytes, MessageWriter message, CellScanner cells, long maxBytes)
      throws IOException {
    List<Cell> block = new ArrayList<>();
    long blockBytes = 0;
    if (cells != null) {
      while (cells.advance()) {
        Cell cell = cells.current();
        block.add(cell);
        blockBytes += cellBytes(cell);
      }
    }
    long total = LENGTH_BYTES + messageBytes + blockBytes;
    long limit = Math.min(maxBytes, MAX_ARRAY_BYTES);
    if (total > limit) {
      throw new BodyTooLargeException(total, limit);
    }
    byte[] body = new byte[(int) total];
    ByteBuffer out = ByteBuffer.wrap(body).putInt(messageBytes);
    message.write(body, LENGTH_BYTES, messageBytes);
    int at = LENGTH_BYTES + messageBytes;
    for (Cell cell : block) {
      out.putInt(at, KeyValueUtil.getSerializedSize(cell, false));
      at = KeyValueUtil.appendTo(cell, out, at + LENGTH_BYTES, false);
    }
    return body;
  }

  /**
   * The protobuf message of a body, a view of its bytes.
   *
   * @throws MalformedBodyException when the body is shorter than the length it gives
   */
  public static ByteBuffer message(ByteBuffer body) throws MalformedBodyException {
    int length = messageLength(body);
    return body.duplicate().position(body.position() + LENGTH_BYTES).limit(body.position() + LENGTH_BYTES + length)
        .slice();
  }

  /**
   * The cells of a reply's cell block, in order, each a {@code KeyValue} over the body's bytes when the body is on
   * the heap. The client reads its server's replies so; a server reads a request's block through {@link #putCells}.
   */
  public static CellScanner cells(ByteBuffer body) throws IOException {
    int length = messageLength(body);
    ByteBuffer block = body.duplicate().position(body.position() + LENGTH_BYTES + length).slice();
    return CELLS.getDecoder(new SingleByteBuff(block));
  }

  /**
   * The cells of a request's cell block, in order, each a {@code KeyValue} over {@code body}, once every one of them
   * has been checked to be a whole Put: its lengths within the cell and the cell within the block, a row, a family
   * and a qualifier that fit its key, and the type {@code Put}. A peer can thus give HBase no cell whose bytes say
   * other than they hold, nor a delete inside a Put.
   *
   * @throws MalformedBodyException naming the first cell that is not, and why, or when the body is shorter than its
   *     message's length
   */
  public static CellScanner putCells(byte[] body) throws MalformedBodyException {
    int at = LENGTH_BYTES + messageLength(ByteBuffer.wrap(body));
    List<Cell> cells = new ArrayList<>();
    while (at < body.length) {
      int length = PutCell.length(body, at, cells.size());
      cells.add(PutCell.checked(body, at + LENGTH_BYTES, length, cells.size()));
      at += LENGTH_BYTES + length;
    }
    return CellUtil.createCellScanner(cells);
  }

  private static int messageLength(ByteBuffer body) throws MalformedBodyException {
    if (body.remaining() < LENGTH_BYTES) {
      throw new MalformedBodyException("a fast-path body of " + body.remaining() + " bytes has no message length");
    }
    int length = body.getInt(body.position());
    if (length < 0 || length > body.remaining() - LENGTH_BYTES) {
      throw new MalformedBodyException("a fast-path body gives its message " + length + " bytes of the "
          + (body.remaining() - LENGTH_BYTES) + " it has");
    }
    return length;
  }
}
