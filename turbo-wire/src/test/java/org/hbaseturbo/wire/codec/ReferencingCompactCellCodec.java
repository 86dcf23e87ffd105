package org.hbaseturbo.wire.codec;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellUtil;

/**
 * The compact codec as a hostile client could use it: a cellblock of one cell repeated goes as that cell, then a
 * reference to it for each repeat, however far past the bound that decodes ({@link #repeated}); any other cellblock
 * as the codec writes it. Top-level and public, for HBase's RPC to load by name on both ends.
 */
public final class ReferencingCompactCellCodec extends CompactCellCodec {
  /**
   * The cell as a compact cellblock, then {@code count - 1} references to it: the bytes the second of two equal
   * cells takes (a head byte saying "as before", and the value), repeated. The codec's own encoder would send the
   * cell in full again before such references took the cellblock over the bound.
   */
  public static byte[] repeated(Cell cell, int count) throws IOException {
    byte[] once = encode(List.of(cell));
    byte[] twice = encode(List.of(cell, cell));
    int reference = twice.length - once.length;
    if (reference != 1 + cell.getValueLength()) {
      throw new IllegalStateException("a reference takes " + reference + " bytes, not the head byte and the value");
    }
    byte[] block = Arrays.copyOf(once, once.length + (count - 1) * reference);
    for (int at = once.length; at < block.length; at += reference) {
      System.arraycopy(twice, once.length, block, at, reference);
    }
    return block;
  }

  @Override
  public Encoder getEncoder(OutputStream os) {
    return new Encoder() {
      private final List<Cell> cells = new ArrayList<>();

      @Override
      public void write(Cell cell) {
        cells.add(cell);
      }

      @Override
      public void flush() throws IOException {
        boolean oneCellRepeated = cells.size() > 1 && cells.stream().allMatch(cell -> CellUtil.equals(cell,
            cells.get(0)));
        os.write(oneCellRepeated ? repeated(cells.get(0), cells.size()) : encode(cells));
        os.flush();
      }
    };
  }

  private static byte[] encode(List<Cell> cells) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    CompactCellEncoder encoder = new CompactCellEncoder(out);
    for (Cell cell : cells) {
      encoder.write(cell);
    }
    encoder.flush();
    return out.toByteArray();
  }
}
