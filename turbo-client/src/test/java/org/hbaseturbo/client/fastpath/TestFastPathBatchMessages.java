package org.hbaseturbo.client.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionInfoBuilder;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Action;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionAction;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathBatch.Message;
import org.hbaseturbo.wire.fastpath.CellBlockBody;
import org.junit.jupiter.api.Test;

/**
 * How a server's share of a batch becomes fast-path messages: by region, in order, within the size and count, each
 * Put's cells in the message's cell block in the order of its mutations, as HBase's multi reads them.
 */
class TestFastPathBatchMessages {
  private static final ServerName SERVER = ServerName.valueOf("rs1", 16020, 1);
  private static final HRegionLocation FIRST = region("", "m");
  private static final HRegionLocation SECOND = region("m", "");

  private static HRegionLocation region(String start, String end) {
    return new HRegionLocation(RegionInfoBuilder.newBuilder(TableName.valueOf("t"))
        .setStartKey(Bytes.toBytes(start)).setEndKey(Bytes.toBytes(end)).build(), SERVER);
  }

  @Test
  void aSmallShareIsOneMessageWithARegionActionPerRegionInTheBatchsOrder() throws IOException {
    FastPathBatch.ServerShare share = new FastPathBatch.ServerShare();
    // Interleaved regions: each region's actions keep their order, in its one region action.
    share.add(SECOND, FastPathBatch.PlannedAction.of(0, put("p", 10)));
    share.add(FIRST, FastPathBatch.PlannedAction.of(1, new Get(Bytes.toBytes("a"))));
    share.add(SECOND, FastPathBatch.PlannedAction.of(2, new Get(Bytes.toBytes("p"))));
    share.add(FIRST, FastPathBatch.PlannedAction.of(3, put("b", 10)));

    List<Message> messages = share.messages(1 << 20);

    assertThat(messages).hasSize(1);
    Message message = messages.get(0);
    assertThat(message.actions()).isEqualTo(4);
    assertThat(message.puts()).isTrue();
    assertThat(message.regions()).containsExactly(SECOND, FIRST);
    assertThat(indexes(message.request().getRegionAction(0))).containsExactly(0, 2);
    assertThat(indexes(message.request().getRegionAction(1))).containsExactly(1, 3);
    assertThat(message.request().getRegionAction(0).getAtomic()).isFalse();
    assertThat(MultiRequest.parseFrom(CellBlockBody.message(ByteBuffer.wrap(message.body()))))
        .isEqualTo(message.request());
    assertThat(rowsOfCells(message)).as("the Puts' cells, region action by region action").containsExactly("p", "b");
  }

  @Test
  void eachPutsCellsFollowItsMutationWhichCarriesNoDataOfItsOwn() throws IOException {
    FastPathBatch.ServerShare share = new FastPathBatch.ServerShare();
    Put twoCells = put("r", 5).addColumn(Bytes.toBytes("f"), Bytes.toBytes("q2"), new byte[7]);
    share.add(FIRST, FastPathBatch.PlannedAction.of(0, twoCells));

    Message message = share.messages(1 << 20).get(0);

    MutationProto mutation = message.request().getRegionAction(0).getAction(0).getMutation();
    assertThat(mutation.getColumnValueCount()).as("no cell inside the protobuf request").isZero();
    assertThat(mutation.getAssociatedCellCount()).isEqualTo(2);
    Put read = ProtobufUtil.toPut(mutation, CellBlockBody.putCells(message.body()));
    assertThat(read.getFamilyCellMap()).isEqualTo(twoCells.getFamilyCellMap());
  }

  @Test
  void aLargeShareIsSplitIntoMessagesWithinTheSizeAndInOrder() throws IOException {
    FastPathBatch.ServerShare share = new FastPathBatch.ServerShare();
    for (int i = 0; i < 300; i++) {
      String row = i % 3 == 0 ? "a" + i : "p" + i;
      share.add(i % 3 == 0 ? FIRST : SECOND, FastPathBatch.PlannedAction.of(i, put(row, 1000)));
    }
    long maxBytes = 100_000;

    List<Message> messages = share.messages(maxBytes);

    assertThat(messages).hasSizeGreaterThanOrEqualTo(3);
    List<Integer> first = new ArrayList<>();
    List<Integer> second = new ArrayList<>();
    int actions = 0;
    for (Message message : messages) {
      assertThat((long) message.body().length).as("a message's bytes").isLessThanOrEqualTo(maxBytes);
      for (int r = 0; r < message.request().getRegionActionCount(); r++) {
        (message.regions().get(r) == FIRST ? first : second).addAll(indexes(message.request().getRegionAction(r)));
      }
      actions += message.actions();
    }
    assertThat(actions).isEqualTo(300);
    assertThat(first).isSorted().hasSize(100);
    assertThat(second).isSorted().hasSize(200);
  }

  @Test
  void noMessageCarriesMoreThanTheActionLimit() throws IOException {
    FastPathBatch.ServerShare share = new FastPathBatch.ServerShare();
    int gets = 2 * FastPathBatch.MAX_ACTIONS_PER_MESSAGE + 1;
    for (int i = 0; i < gets; i++) {
      share.add(FIRST, FastPathBatch.PlannedAction.of(i, new Get(Bytes.toBytes("g" + i))));
    }

    List<Message> messages = share.messages(64L << 20);

    assertThat(messages).extracting(Message::actions).containsExactly(FastPathBatch.MAX_ACTIONS_PER_MESSAGE,
        FastPathBatch.MAX_ACTIONS_PER_MESSAGE, 1);
    assertThat(messages).extracting(Message::puts).containsOnly(false);
  }

  private static Put put(String row, int valueBytes) {
    return new Put(Bytes.toBytes(row)).addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), new byte[valueBytes]);
  }

  private static List<String> rowsOfCells(Message message) throws IOException {
    List<String> rows = new ArrayList<>();
    CellScanner cells = CellBlockBody.putCells(message.body());
    while (cells.advance()) {
      rows.add(Bytes.toString(CellUtil.cloneRow(cells.current())));
    }
    return rows;
  }

  private static List<Integer> indexes(RegionAction regionAction) {
    return regionAction.getActionList().stream().map(Action::getIndex).toList();
  }
}
