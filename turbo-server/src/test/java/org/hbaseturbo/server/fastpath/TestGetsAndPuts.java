package org.hbaseturbo.server.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Action;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Condition;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.CoprocessorServiceCall;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto.MutationType;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionAction;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier.RegionSpecifierType;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hbase.thirdparty.com.google.protobuf.ByteString;
import org.junit.jupiter.api.Test;

/** What a fast-path batch may hold: Gets and unconditional Puts, in non-atomic region actions, and nothing else. */
class TestGetsAndPuts {
  private static final byte[] ROW = Bytes.toBytes("r");

  @Test
  void getsAndPutsInPlainRegionActionsAreTaken() throws IOException {
    assertThat(GetsAndPuts.only(multi(regionAction().addAction(get()).addAction(put())))).isTrue();
    assertThat(GetsAndPuts.only(MultiRequest.getDefaultInstance())).isTrue();
  }

  // deprecation: old clients still send a MultiRequest's own condition, which HBase still runs.
  @Test
  @SuppressWarnings("deprecation")
  void everythingElseIsRefused() throws IOException {
    Action delete = Action.newBuilder().setIndex(2)
        .setMutation(ProtobufUtil.toMutation(MutationType.DELETE, new Delete(ROW))).build();
    Action service = Action.newBuilder().setIndex(3).setServiceCall(CoprocessorServiceCall.newBuilder()
        .setRow(ByteString.copyFrom(ROW)).setServiceName("s").setMethodName("m").setRequest(ByteString.EMPTY)).build();
    Action both = get().toBuilder().setMutation(put().getMutation()).build();
    Condition condition = Condition.newBuilder().setRow(ByteString.copyFrom(ROW)).build();

    assertThat(GetsAndPuts.only(multi(regionAction().addAction(get()).addAction(delete)))).as("a Delete").isFalse();
    assertThat(GetsAndPuts.only(multi(regionAction().addAction(service)))).as("a coprocessor call").isFalse();
    assertThat(GetsAndPuts.only(multi(regionAction().addAction(both)))).as("a Get with a mutation").isFalse();
    assertThat(GetsAndPuts.only(multi(regionAction().addAction(Action.newBuilder().setIndex(4)))))
        .as("an empty action").isFalse();
    assertThat(GetsAndPuts.only(multi(regionAction().setAtomic(true).addAction(put())))).as("atomic").isFalse();
    assertThat(GetsAndPuts.only(multi(regionAction().setCondition(condition).addAction(put()))))
        .as("a region action's condition").isFalse();
    assertThat(GetsAndPuts.only(multi(regionAction().addAction(put())).toBuilder().setCondition(condition).build()))
        .as("the request's condition").isFalse();
  }

  private static Action get() throws IOException {
    return Action.newBuilder().setIndex(0).setGet(ProtobufUtil.toGet(new Get(ROW))).build();
  }

  private static Action put() throws IOException {
    return Action.newBuilder().setIndex(1).setMutation(ProtobufUtil.toMutation(MutationType.PUT,
        new Put(ROW).addColumn(Bytes.toBytes("f"), Bytes.toBytes("q"), Bytes.toBytes("v")))).build();
  }

  private static RegionAction.Builder regionAction() {
    return RegionAction.newBuilder().setRegion(RegionSpecifier.newBuilder().setType(RegionSpecifierType.REGION_NAME)
        .setValue(ByteString.copyFrom(Bytes.toBytes("t,,1.abc."))));
  }

  private static MultiRequest multi(RegionAction.Builder regionAction) {
    return MultiRequest.newBuilder().addRegionAction(regionAction).build();
  }
}
