package org.hbaseturbo.wire.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.util.Bytes;

class TestPreparedRows {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] W = Bytes.toBytes("w");
  /** f:c0..c4 listed; family w read whole, so its cells travel as extra columns. */
  private static final PreparedSchema SCHEMA = PreparedSchema.of(new Scan().addColumn(F, Bytes.toBytes("c0"))
      .addColumn(F, Bytes.toBytes("c1")).addColumn(F, Bytes.toBytes("c2")).addColumn(F, Bytes.toBytes("c3"))
      .addColumn(F, Bytes.toBytes("c4")).addFamily(W));

  @Property(tries = 300)
  void decodesExactlyWhatWasEncoded(@ForAll("rows") List<List<Cell>> rows) {
    Encoded encoded = encode(rows);
    Result[] decoded = PreparedRowsDecoder.decode(encoded.block, 0, encoded.block.length, rows.size(), SCHEMA,
        encoded.extras);
    assertThat(decoded).hasSameSizeAs(rows);
    for (int r = 0; r < rows.size(); r++) {
      Cell[] cells = decoded[r].rawCells();
      assertThat(cells).hasSameSizeAs(rows.get(r));
      for (int c = 0; c < cells.length; c++) {
        Cell expected = rows.get(r).get(c);
        assertThat(CellUtil.equals(cells[c], expected)).as("row %d cell %d key", r, c).isTrue();
        assertThat(CellUtil.cloneValue(cells[c])).isEqualTo(CellUtil.cloneValue(expected));
      }
    }
  }

  @Property(tries = 300)
  void truncatedBlocksAreRejected(@ForAll("rows") List<List<Cell>> rows, @ForAll @IntRange(min = 1) int cut) {
    Assume.that(!rows.isEmpty());
    Encoded encoded = encode(rows);
    int length = encoded.block.length - 1 - cut % encoded.block.length;
    assertThatThrownBy(() -> PreparedRowsDecoder.decode(encoded.block, 0, length, rows.size(), SCHEMA,
        encoded.extras)).isInstanceOf(IllegalArgumentException.class);
  }

  @Property(tries = 300)
  void garbageIsRejectedOrDecodedButNeverCrashes(@ForAll byte[] garbage, @ForAll @IntRange(max = 50) int rows) {
    try {
      PreparedRowsDecoder.decode(garbage, 0, garbage.length, rows, SCHEMA, List.of());
    } catch (IllegalArgumentException expected) {
      // The only way a malformed block may fail.
    }
  }

  @Property(tries = 300)
  void aDenseRowCostsItsValuesItsKeySuffixAndFiveBytes(@ForAll @IntRange(min = 2, max = 50) int rowCount) {
    List<List<Cell>> rows = new ArrayList<>();
    for (int r = 0; r < rowCount; r++) {
      List<Cell> cells = new ArrayList<>();
      for (int c = 0; c < 5; c++) {
        cells.add(new KeyValue(Bytes.toBytes("user" + (1000 + r)), F, Bytes.toBytes("c" + c), 77L, new byte[100]));
      }
      rows.add(cells);
    }
    // Row: shared prefix length, suffix length, suffix (keys differ in their last one or two digits), row
    // header, timestamp delta (0), value length: at most 7 bytes. The first row also carries its 8-byte key
    // whole and the timestamp 77 (2 bytes).
    Encoded encoded = encode(rows);
    assertThat(encoded.block.length - 5 * 100 * rowCount).isLessThanOrEqualTo(7 * rowCount + 8);
  }

  private record Encoded(byte[] block, List<Column> extras) {
  }

  private static Encoded encode(List<List<Cell>> rows) {
    PreparedRowsEncoder encoder = new PreparedRowsEncoder(SCHEMA, 16);
    rows.forEach(encoder::addRow);
    assertThat(encoder.rowCount()).isEqualTo(rows.size());
    return new Encoded(Arrays.copyOf(encoder.array(), encoder.size()), encoder.extraColumns());
  }

  @Provide
  Arbitrary<List<List<Cell>>> rows() {
    Arbitrary<byte[]> rowKeys = Arbitraries.bytes().array(byte[].class).ofMinSize(0).ofMaxSize(12);
    return rowKeys.list().ofMaxSize(30).uniqueElements(Arrays::hashCode).flatMap(keys -> {
      TreeSet<byte[]> sorted = new TreeSet<>(Bytes.BYTES_COMPARATOR);
      keys.stream().filter(k -> k.length > 0).forEach(sorted::add);
      List<Arbitrary<List<Cell>>> perRow = sorted.stream().map(TestPreparedRows::cellsOf).toList();
      return Combinators.combine(perRow).as(list -> list);
    });
  }

  private static Arbitrary<List<Cell>> cellsOf(byte[] row) {
    Arbitrary<Cell> cell = Combinators.combine(
        Arbitraries.of("f:c0", "f:c1", "f:c2", "f:c3", "f:c4", "w:a", "w:b", "w:zz", "w:"),
        Arbitraries.longs().between(0, Long.MAX_VALUE - 1).edgeCases(e -> e.add(0L)),
        Arbitraries.of(KeyValue.Type.Put, KeyValue.Type.Put, KeyValue.Type.Delete, KeyValue.Type.DeleteColumn,
            KeyValue.Type.DeleteFamily, KeyValue.Type.DeleteFamilyVersion),
        Arbitraries.bytes().array(byte[].class).ofMaxSize(300))
        .as((column, timestamp, type, value) -> {
          String[] parts = column.split(":", -1);
          return (Cell) new KeyValue(row, Bytes.toBytes(parts[0]), Bytes.toBytes(parts[1]), timestamp, type, value);
        });
    Arbitrary<List<Cell>> irregular = cell.list().ofMinSize(1).ofMaxSize(12).map(cells -> {
      List<Cell> sorted = new ArrayList<>(cells);
      sorted.sort(CellComparator.getInstance());
      return sorted;
    });
    // Every listed column, one timestamp, one value length: encoded as a dense row.
    Arbitrary<List<Cell>> dense = Combinators.combine(Arbitraries.longs().between(0, 1L << 50),
        Arbitraries.integers().between(0, 200), Arbitraries.bytes()).as((timestamp, length, fill) -> {
          List<Cell> cells = new ArrayList<>();
          for (int c = 0; c < SCHEMA.size(); c++) {
            byte[] value = new byte[length];
            Arrays.fill(value, (byte) (fill + c));
            cells.add(new KeyValue(row, F, Bytes.toBytes("c" + c), timestamp, value));
          }
          return cells;
        });
    return Arbitraries.oneOf(irregular, dense);
  }
}
