package org.hbaseturbo.wire.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScannable;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.PrivateCellUtil;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.codec.Codec;
import org.apache.hadoop.hbase.codec.KeyValueCodec;
import org.apache.hadoop.hbase.protobuf.generated.HBaseProtos.NameBytesPair;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionActionResult;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ResultOrException;
import org.junit.jupiter.api.Test;

/**
 * A reply's response and cell block come back as HBase's own RPC would give them: every result with its cells, in
 * order, tags left out; the block in {@code KeyValueCodec}'s format; a body that does not hold what it says fails
 * with an IOException.
 */
class TestCellBlockBody {
  @Property(tries = 300)
  void everyResultGetsItsOwnCellsBack(@ForAll("results") List<List<KeyValue>> results) throws IOException {
    List<CellScannable> withCells = new ArrayList<>();
    RegionActionResult.Builder region = RegionActionResult.newBuilder();
    for (int i = 0; i < results.size(); i++) {
      Result result = Result.create(new ArrayList<>(results.get(i)));
      region.addResultOrException(ResultOrException.newBuilder().setIndex(i)
          .setResult(ProtobufUtil.toResultNoData(result)));
      withCells.add(result);
    }
    byte[] body = CellBlockBody.encode(MultiResponse.newBuilder().addRegionActionResult(region).build(),
        CellUtil.createCellScanner(withCells));

    MultiResponse response = MultiResponse.parseFrom(CellBlockBody.message(ByteBuffer.wrap(body)));
    CellScanner cells = CellBlockBody.cells(ByteBuffer.wrap(body));
    List<ResultOrException> read = response.getRegionActionResult(0).getResultOrExceptionList();
    assertThat(read).hasSize(results.size());
    for (int i = 0; i < results.size(); i++) {
      Cell[] got = ProtobufUtil.toResult(read.get(i).getResult(), cells).rawCells();
      List<KeyValue> expected = results.get(i);
      assertThat(got).hasSize(expected.size());
      for (int c = 0; c < got.length; c++) {
        assertThat(CellUtil.equals(got[c], expected.get(c))).isTrue();
        assertThat(CellUtil.matchingValue(got[c], expected.get(c))).isTrue();
        assertThat(got[c].getTimestamp()).isEqualTo(expected.get(c).getTimestamp());
        assertThat(PrivateCellUtil.getTags(got[c])).as("tags stay on the server, as HBase's RPC keeps them").isEmpty();
      }
    }
    assertThat(cells.advance()).as("no cell beyond the results'").isFalse();
  }

  @Property(tries = 100)
  void theCellBlockIsKeyValueCodecs(@ForAll("cells") List<KeyValue> cells) throws IOException {
    byte[] body = CellBlockBody.encode(MultiResponse.getDefaultInstance(),
        CellUtil.createCellScanner(cells.toArray(new Cell[0])));

    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    Codec.Encoder encoder = new KeyValueCodec().getEncoder(expected);
    for (Cell cell : cells) {
      encoder.write(cell);
    }
    encoder.flush();
    assertThat(Arrays.copyOfRange(body, Integer.BYTES, body.length)).isEqualTo(expected.toByteArray());
  }

  @Test
  void anEndpointsResponseTravelsWithoutCells() throws IOException {
    NameBytesPair response = NameBytesPair.newBuilder().setName("rows")
        .setValue(com.google.protobuf.ByteString.copyFromUtf8("payload")).build();

    byte[] body = CellBlockBody.encode(response, Long.MAX_VALUE);

    assertThat(NameBytesPair.parseFrom(com.google.protobuf.ByteString.copyFrom(
        CellBlockBody.message(ByteBuffer.wrap(body))))).isEqualTo(response);
    assertThat(CellBlockBody.cells(ByteBuffer.wrap(body)).advance()).isFalse();
  }

  @Test
  void aBodyOverItsLimitIsRefusedBeforeItIsBuiltAndOneWithinIsNot() throws IOException {
    List<Cell> cells = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      cells.add(new KeyValue(("row" + i).getBytes(), "f".getBytes(), "q".getBytes(), new byte[1_000]));
    }
    Result result = Result.create(cells);
    MultiResponse response = MultiResponse.newBuilder().addRegionActionResult(RegionActionResult.newBuilder()
        .addResultOrException(ResultOrException.newBuilder().setIndex(0)
            .setResult(ProtobufUtil.toResultNoData(result)))).build();
    int size = CellBlockBody.encode(response, result.cellScanner()).length;

    assertThat(CellBlockBody.encode(response, Result.create(cells).cellScanner(), size)).hasSize(size);
    assertThatThrownBy(() -> CellBlockBody.encode(response, Result.create(cells).cellScanner(), size - 1))
        .isInstanceOfSatisfying(BodyTooLargeException.class, e -> assertThat(e.bytes()).isEqualTo(size))
        .hasMessage("a fast-path body of " + size + " bytes is larger than its limit of " + (size - 1));
  }

  @Test
  void aBodyShorterThanItsMessageLengthIsRefused() {
    ByteBuffer body = ByteBuffer.allocate(10).putInt(0, 7);

    assertThatThrownBy(() -> CellBlockBody.message(body)).isInstanceOf(IOException.class)
        .hasMessage("a fast-path body gives its message 7 bytes of the 6 it has");
    assertThatThrownBy(() -> CellBlockBody.cells(ByteBuffer.allocate(3))).isInstanceOf(IOException.class)
        .hasMessage("a fast-path body of 3 bytes has no message length");
    assertThatThrownBy(() -> CellBlockBody.message(ByteBuffer.allocate(8).putInt(0, -1)))
        .isInstanceOf(IOException.class);
  }

  @Property(tries = 500)
  void anyBytesGiveAMessageWithinThemOrAnIoException(@ForAll byte[] bytes) {
    ByteBuffer body = ByteBuffer.wrap(bytes);
    try {
      ByteBuffer response = CellBlockBody.message(body);
      assertThat(response.remaining()).isLessThanOrEqualTo(bytes.length - Integer.BYTES);
    } catch (IOException e) {
      assertThat(e).hasMessageStartingWith("a fast-path body");
    }
  }

  @Provide
  Arbitrary<List<List<KeyValue>>> results() {
    return cells().list().ofMaxSize(6);
  }

  @Provide
  Arbitrary<List<KeyValue>> cells() {
    Arbitrary<byte[]> bytes = Arbitraries.bytes().array(byte[].class).ofMinSize(1).ofMaxSize(40);
    Arbitrary<KeyValue> cell = Combinators.combine(bytes, bytes, bytes.injectNull(0.2),
        Arbitraries.longs().between(0, Long.MAX_VALUE - 1), Arbitraries.of(true, false))
        .as((row, qualifier, value, timestamp, tagged) -> {
          List<Tag> tags = tagged ? List.of(new ArrayBackedTag((byte) 1, "tag")) : List.of();
          return new KeyValue(row, "f".getBytes(), qualifier, timestamp, KeyValue.Type.Put, value, tags);
        });
    return cell.list().ofMaxSize(8);
  }
}
