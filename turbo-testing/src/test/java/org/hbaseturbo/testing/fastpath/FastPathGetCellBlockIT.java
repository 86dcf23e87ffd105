package org.hbaseturbo.testing.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hbaseturbo.testsupport.TestingTables.create;
import static org.hbaseturbo.testsupport.TestingTables.holderOf;

import java.net.InetAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.ipc.HBaseRpcController;
import org.apache.hadoop.hbase.ipc.HBaseRpcControllerImpl;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.GetResponse;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.server.fastpath.Caller;
import org.hbaseturbo.server.fastpath.InProcessCall;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.junit.jupiter.api.Test;

/**
 * A Get called as the fast path's workers call HBase's request path ({@link InProcessCall}) has its cells put in the
 * reply's cell block, as RPC's handlers send them to HBase's client, and not copied into its protobuf response:
 * HBase does so only for a call whose client version is 1.3 or later.
 */
class FastPathGetCellBlockIT {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final byte[] ROW = Bytes.toBytes("row");
  private static final int CELLS = 3;

  @Test
  void aGetsCellsTravelInTheCellBlock() throws Exception {
    TableName name = create(SharedHBaseCluster.connection(), "get-cell-block", FAMILY);
    Put put = new Put(ROW);
    for (int i = 0; i < CELLS; i++) {
      put.addColumn(FAMILY, Bytes.toBytes("q" + i), Bytes.toBytes("value " + i));
    }
    Result overRpc;
    HRegionLocation location;
    try (Table table = SharedHBaseCluster.connection().getTable(name);
        RegionLocator locator = SharedHBaseCluster.connection().getRegionLocator(name)) {
      table.put(put);
      overRpc = table.get(new Get(ROW));
      location = locator.getRegionLocation(ROW);
    }
    HRegionServer server = holderOf(SharedHBaseCluster.cluster(), name, ROW);

    HBaseRpcController controller = new HBaseRpcControllerImpl();
    long deadline = System.nanoTime() + Duration.ofMinutes(1).toNanos();
    List<Cell> inCellBlock = new ArrayList<>();
    Caller caller = Caller.of(User.getCurrent());
    GetResponse response = InProcessCall.run(caller.user(), InetAddress.getLoopbackAddress(), deadline, 0, () -> {
      GetResponse answered = InProcessCall.as(caller, () -> server.getRSRpcServices().get(controller,
          RequestConverter.buildGetRequest(location.getRegion().getRegionName(), new Get(ROW))));
      // Read before the call's end, as the workers encode the reply: a cell may stand in a block the call holds.
      CellScanner cells = controller.cellScanner();
      while (cells != null && cells.advance()) {
        inCellBlock.add(KeyValueUtil.copyToNewKeyValue(cells.current()));
      }
      return answered;
    });

    assertThat(response.getResult().getCellCount()).as("cells copied into the protobuf response").isZero();
    assertThat(response.getResult().getAssociatedCellCount()).isEqualTo(CELLS);
    assertThat(inCellBlock).hasSize(CELLS);
    for (int i = 0; i < CELLS; i++) {
      assertThat(CellUtil.equals(inCellBlock.get(i), overRpc.rawCells()[i])).isTrue();
      assertThat(CellUtil.cloneValue(inCellBlock.get(i))).isEqualTo(CellUtil.cloneValue(overRpc.rawCells()[i]));
    }
  }
}
