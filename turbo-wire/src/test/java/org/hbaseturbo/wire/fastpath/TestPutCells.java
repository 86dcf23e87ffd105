package org.hbaseturbo.wire.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutateRequest;
import org.apache.hadoop.hbase.util.Bytes;
import org.junit.jupiter.api.Test;

/**
 * A request's cell block, which a peer wrote, reaches HBase only as whole, well-formed Puts: what a client's Puts
 * carry comes back as they were; a cell whose lengths disagree, or that is not a Put, is refused by name; and no
 * bytes at all, however broken, give anything but Puts whose every field lies within them, or that refusal.
 */
class TestPutCells {
  private static final byte[] FAMILY = Bytes.toBytes("f");

  @Property(tries = 200)
  void aPutsCellsComeBackAsTheyWere(@ForAll("cells") List<KeyValue> cells) throws IOException {
    byte[] body = CellBlockBody.encode(MutateRequest.getDefaultInstance(),
        CellUtil.createCellScanner(cells.toArray(new Cell[0])));

    List<Cell> read = all(CellBlockBody.putCells(body));

    assertThat(read).hasSize(cells.size());
    for (int i = 0; i < cells.size(); i++) {
      assertThat(CellUtil.equals(read.get(i), cells.get(i))).isTrue();
      assertThat(CellUtil.matchingValue(read.get(i), cells.get(i))).isTrue();
      assertThat(read.get(i).getTimestamp()).isEqualTo(cells.get(i).getTimestamp());
    }
  }

  @Test
  void aCellThatIsNotAPutIsRefusedByName() throws IOException {
    KeyValue delete = new KeyValue(Bytes.toBytes("r"), FAMILY, Bytes.toBytes("q"), 1, KeyValue.Type.DeleteFamily);

    assertThatThrownBy(() -> CellBlockBody.putCells(body(cell("r", 3), delete)))
        .isInstanceOf(MalformedBodyException.class)
        .hasMessage("cell 1 of the request's cell block is not a Put: its type 14 is not a Put's (4)");
  }

  @Test
  void eachLengthThatDisagreesIsRefusedWithWhatItSays() throws IOException {
    byte[] good = body(cell("row", 5));
    int cell = Integer.BYTES + 0 + Integer.BYTES; // the empty request's length, then the cell's own
    int key = cell + 2 * Integer.BYTES;

    assertThatThrownBy(() -> CellBlockBody.putCells(with(good, cell - Integer.BYTES, Bytes.toBytes(1_000))))
        .hasMessageContaining("cell 0 of the request's cell block is not a Put: its length 1000 is not between");
    assertThatThrownBy(() -> CellBlockBody.putCells(with(good, cell, Bytes.toBytes(3))))
        .hasMessageContaining("its key of 3 bytes and value of 5 bytes do not make its");
    assertThatThrownBy(() -> CellBlockBody.putCells(with(good, cell + Integer.BYTES, Bytes.toBytes(-1))))
        .hasMessageContaining("value of -1 bytes");
    assertThatThrownBy(() -> CellBlockBody.putCells(with(good, key, Bytes.toBytes((short) 0))))
        .hasMessageContaining("its row length 0 is not between 1 and");
    assertThatThrownBy(() -> CellBlockBody.putCells(with(good, key, Bytes.toBytes((short) 200))))
        .hasMessageContaining("its row length 200 is not between 1 and");
    int family = key + Short.BYTES + 3;
    assertThatThrownBy(() -> CellBlockBody.putCells(with(good, family, new byte[] {-1})))
        .hasMessageContaining("its family length -1 is not between 1 and");
    assertThatThrownBy(() -> CellBlockBody.putCells(with(good, family, new byte[] {100})))
        .hasMessageContaining("its family length 100 is not between 1 and");
    assertThatThrownBy(() -> CellBlockBody.putCells(Arrays.copyOf(good, good.length - 1)))
        .hasMessageContaining("is not between");
    assertThatThrownBy(() -> CellBlockBody.putCells(Arrays.copyOf(good, good.length + 2)))
        .hasMessageContaining("cell 1 of the request's cell block is not a Put: its length is cut short: 2 bytes left");
  }

  @Property(tries = 2_000)
  void noBytesGiveACellThatReachesOutsideThemOrIsNotAPut(@ForAll("cells") List<KeyValue> cells,
      @ForAll @IntRange(max = 64) int flips, @ForAll long seed) throws IOException {
    byte[] body = CellBlockBody.encode(MutateRequest.getDefaultInstance(),
        CellUtil.createCellScanner(cells.toArray(new Cell[0])));
    Random random = new Random(seed);
    for (int i = 0; i < flips && body.length > Integer.BYTES; i++) {
      body[Integer.BYTES + random.nextInt(body.length - Integer.BYTES)] = (byte) random.nextInt();
    }

    List<Cell> read;
    try {
      read = all(CellBlockBody.putCells(body));
    } catch (MalformedBodyException refused) {
      return;
    }
    for (Cell cell : read) {
      assertThat(cell.getType()).isEqualTo(Cell.Type.Put);
      // Every field is read from within the body: cloning one that reached outside it would throw.
      assertThat(CellUtil.cloneRow(cell)).isNotEmpty();
      assertThat(CellUtil.cloneFamily(cell)).isNotEmpty();
      CellUtil.cloneQualifier(cell);
      CellUtil.cloneValue(cell);
      assertThat(((KeyValue) cell).getOffset() + ((KeyValue) cell).getLength()).isLessThanOrEqualTo(body.length);
    }
  }

  @Property(tries = 500)
  void anyBytesGivePutsOrARefusal(@ForAll byte[] bytes) throws IOException {
    try {
      for (Cell cell : all(CellBlockBody.putCells(bytes))) {
        assertThat(cell.getType()).isEqualTo(Cell.Type.Put);
        CellUtil.cloneValue(cell);
      }
    } catch (MalformedBodyException refused) {
      assertThat(refused.getMessage()).matches("(a fast-path body|cell \\d+ of the request's cell block) .*");
    }
  }

  @Test
  void aPutsCellsInItsBodyAreThoseHBasesClientWouldSend() throws IOException {
    Put put = new Put(Bytes.toBytes("row")).addColumn(FAMILY, Bytes.toBytes("a"), Bytes.toBytes("1"))
        .addColumn(FAMILY, Bytes.toBytes("b"), Bytes.toBytes("22"));
    byte[] body = CellBlockBody.encode(MutateRequest.getDefaultInstance(), CellUtil.createCellScanner(List.of(put)));

    List<Cell> read = all(CellBlockBody.putCells(body));

    assertThat(read).hasSize(2);
    assertThat(CellBlockBody.message(ByteBuffer.wrap(body)).remaining()).as("the empty request's bytes").isZero();
    assertThat(read).allSatisfy(cell -> assertThat(CellUtil.matchingRows(cell, put.getRow())).isTrue());
  }

  private static KeyValue cell(String row, int valueBytes) {
    return new KeyValue(Bytes.toBytes(row), FAMILY, Bytes.toBytes("q"), 1, KeyValue.Type.Put, new byte[valueBytes]);
  }

  private static byte[] body(Cell... cells) throws IOException {
    return CellBlockBody.encode(MutateRequest.getDefaultInstance(), CellUtil.createCellScanner(cells));
  }

  private static byte[] with(byte[] body, int at, byte[] bytes) {
    byte[] changed = body.clone();
    System.arraycopy(bytes, 0, changed, at, bytes.length);
    return changed;
  }

  private static List<Cell> all(CellScanner cells) throws IOException {
    List<Cell> all = new ArrayList<>();
    while (cells.advance()) {
      all.add(cells.current());
    }
    return all;
  }

  @Provide
  Arbitrary<List<KeyValue>> cells() {
    Arbitrary<byte[]> bytes = Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(40);
    return Combinators.combine(bytes, bytes, bytes.injectNull(0.2), Arbitraries.longs().between(0, Long.MAX_VALUE - 1))
        .as((row, qualifier, value, timestamp) -> new KeyValue(row, FAMILY, qualifier, timestamp, KeyValue.Type.Put,
            value))
        .list().ofMaxSize(8);
  }
}
