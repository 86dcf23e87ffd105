package org.hbaseturbo.wire.fastpath;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.codec.KeyValueCodec;
import org.apache.hadoop.hbase.nio.SingleByteBuff;
import org.apache.hbase.thirdparty.com.google.protobuf.CodedOutputStream;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * The body of a served reply: the operation's protobuf response, and the cells of its results beside it in a cell
 * block, as HBase's RPC carries them to its own client.
 *
 * <pre>
 * body: response length (4) | protobuf response | cell block
 * cell block: for each cell, its length (4) | the cell as a KeyValue without tags (HBase's KeyValueCodec)
 * </pre>
 *
 * <p>Results in a protobuf response carry their cells as messages of their own, five fields each, which both sides
 * build and parse field by field; in a cell block the server copies each cell once and the client reads it in place,
 * a {@code KeyValue} over the reply's bytes. A result names how many of the block's cells are its own
 * ({@code associated_cell_count}), in the order of the response.
 */
public final class ReplyBody {
  private static final int LENGTH_BYTES = Integer.BYTES;
  private static final KeyValueCodec CELLS = new KeyValueCodec();

  private ReplyBody() {
  }

  /** A body of one of HBase's responses and its cells, which may be null (no cell block). */
  public static byte[] encode(Message response, CellScanner cells) throws IOException {
    return encode(response.getSerializedSize(), (into, at, length) -> {
      CodedOutputStream out = CodedOutputStream.newInstance(into, at, length);
      response.writeTo(out);
      out.checkNoSpaceLeft();
    }, cells);
  }

  /** A body of a coprocessor endpoint's response (HBase's endpoints speak unshaded protobuf), without cells. */
  public static byte[] encode(com.google.protobuf.Message response) throws IOException {
    return encode(response.getSerializedSize(), (into, at, length) -> {
      com.google.protobuf.CodedOutputStream out = com.google.protobuf.CodedOutputStream.newInstance(into, at, length);
      response.writeTo(out);
      out.checkNoSpaceLeft();
    }, null);
  }

  private interface ResponseWriter {
    void write(byte[] into, int at, int length) throws IOException;
  }

  private static byte[] encode(int responseBytes, ResponseWriter response, CellScanner cells) throws IOException {
    List<Cell> block = new ArrayList<>();
    long blockBytes = 0;
    if (cells != null) {
      while (cells.advance()) {
        Cell cell = cells.current();
        block.add(cell);
        blockBytes += LENGTH_BYTES + KeyValueUtil.getSerializedSize(cell, false);
      }
    }
    long total = LENGTH_BYTES + responseBytes + blockBytes;
    if (total > Integer.MAX_VALUE - 8) {
      throw new IOException("a reply of " + total + " bytes is larger than one array holds");
    }
    byte[] body = new byte[(int) total];
    ByteBuffer out = ByteBuffer.wrap(body).putInt(responseBytes);
    response.write(body, LENGTH_BYTES, responseBytes);
    int at = LENGTH_BYTES + responseBytes;
    for (Cell cell : block) {
      out.putInt(at, KeyValueUtil.getSerializedSize(cell, false));
      at = KeyValueUtil.appendTo(cell, out, at + LENGTH_BYTES, false);
    }
    return body;
  }

  /**
   * The protobuf response of a body, a view of its bytes.
   *
   * @throws IOException when the body is shorter than the length it gives
   */
  public static ByteBuffer response(ByteBuffer body) throws IOException {
    int length = responseLength(body);
    return body.duplicate().position(body.position() + LENGTH_BYTES).limit(body.position() + LENGTH_BYTES + length)
        .slice();
  }

  /**
   * The cells of a body's cell block, in order, each a {@code KeyValue} over the body's bytes when the body is on
   * the heap.
   */
  public static CellScanner cells(ByteBuffer body) throws IOException {
    int length = responseLength(body);
    ByteBuffer block = body.duplicate().position(body.position() + LENGTH_BYTES + length).slice();
    return CELLS.getDecoder(new SingleByteBuff(block));
  }

  private static int responseLength(ByteBuffer body) throws IOException {
    if (body.remaining() < LENGTH_BYTES) {
      throw new IOException("a fast-path reply of " + body.remaining() + " bytes has no response length");
    }
    int length = body.getInt(body.position());
    if (length < 0 || length > body.remaining() - LENGTH_BYTES) {
      throw new IOException("a fast-path reply gives its response " + length + " bytes of the "
          + (body.remaining() - LENGTH_BYTES) + " it has");
    }
    return length;
  }
}
