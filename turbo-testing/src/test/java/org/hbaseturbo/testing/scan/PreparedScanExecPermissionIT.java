package org.hbaseturbo.testing.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hbaseturbo.testing.TestingSecuredCluster.onTable;

import com.google.protobuf.ByteString;
import com.google.protobuf.HBaseZeroCopyByteString;
import com.google.protobuf.ServiceException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.security.access.UserPermission;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.ipc.RemoteException;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PreparedScanServerService;
import org.hbaseturbo.testing.ResultLines;
import org.hbaseturbo.testing.TestingSecuredCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Prepared Scan on a cluster that checks EXEC permissions on endpoints ({@code hbase.security.exec.permission.checks})
 * and grants reads by cell ACLs ({@code hbase.security.access.early_out=false}): its own cluster.
 */
class PreparedScanExecPermissionIT {
  private static final byte[] F = Bytes.toBytes("f");
  private static final byte[] Q = Bytes.toBytes("q");
  private static final int ROWS = 20;

  private static TestingSecuredCluster secured;

  @BeforeAll
  static void startCluster() throws IOException {
    secured = TestingSecuredCluster.start(Map.of("hbase.security.exec.permission.checks", "true",
        "hbase.security.access.early_out", "false"));
  }

  @AfterAll
  static void stopCluster() throws IOException {
    if (secured != null) {
      secured.close();
    }
  }

  @Test
  void readWithoutExecIsRefusedAtPrepareAndReadWithExecGetsTheNativeCells() throws Exception {
    TableName table = table("exec_read", null);
    Connection quinn = secured.as("quinn");
    secured.grant(onTable("quinn", table, null, null, Action.READ), () -> scans(quinn, table));
    assertThatThrownBy(() -> PreparedScan.prepare(quinn, table, new Scan()))
        .isInstanceOf(AccessDeniedException.class).hasMessageContaining("EXEC");

    secured.grant(onTable("quinn", table, null, null, Action.READ, Action.EXEC), () -> prepares(quinn, table));
    List<String> expected = ResultLines.cells(quinn.getTable(table).getScanner(new Scan()));
    assertThat(expected).as("a header and two cells per row").hasSize(3 * ROWS);
    assertThat(preparedCells(quinn, table)).isEqualTo(expected);
  }

  @Test
  void cellAclsGrantTheSameCellsAsToTheNativeScan() throws Exception {
    TableName table = table("exec_cells", "rosa");
    Connection rosa = secured.as("rosa");
    // No table or family grant to read: rosa reads the cells whose ACL names her, and nothing else.
    secured.grant(onTable("rosa", table, null, null, Action.EXEC), () -> prepares(rosa, table));
    List<String> expected = ResultLines.cells(rosa.getTable(table).getScanner(new Scan()));
    assertThat(expected).as("the even rows: a header and two cells each").hasSize(3 * (ROWS / 2));
    assertThat(preparedCells(rosa, table)).isEqualTo(expected);
    try (FastPathConnection fastRosa = secured.fastPathAs("rosa")) {
      assertThat(preparedCells(fastRosa, table)).as("over the fast path").isEqualTo(expected);
      assertThat(fastRosa.counters().served()).isPositive();
    }
  }

  /** The fast path runs the region's endpoint hooks on every execute: without EXEC, it serves none. */
  @Test
  void theFastPathChecksExecOnEveryExecute() throws Exception {
    TableName table = table("exec_fast", null);
    Connection tom = secured.as("tom");
    secured.grant(onTable("tom", table, null, null, Action.READ, Action.EXEC), () -> prepares(tom, table));
    try (FastPathConnection fastTom = secured.fastPathAs("tom")) {
      PreparedScan prepared = PreparedScan.prepare(fastTom, table, new Scan());
      assertThat(ResultLines.cells(prepared.execute(new byte[0], new byte[0], 7))).hasSize(3 * ROWS);
      assertThat(fastTom.counters().served()).isPositive();
      // READ stays; EXEC goes. The prepared scan is stored, but each execute is an endpoint call.
      secured.revoke(onTable("tom", table, null, null, Action.EXEC), () -> !prepares(tom, table));
      long refusedBefore = fastTom.counters().answered(FastPathStatus.REPLAY_OVER_RPC);
      assertThatThrownBy(() -> ResultLines.cells(prepared.execute(new byte[0], new byte[0], 7)))
          .isInstanceOf(AccessDeniedException.class).hasMessageContaining("EXEC");
      assertThat(fastTom.counters().answered(FastPathStatus.REPLAY_OVER_RPC)).as("refused on the fast path first")
          .isGreaterThan(refusedBefore);
      // Closing is an endpoint call too: the lease frees what tom may no longer close.
      assertThatThrownBy(prepared::close).isInstanceOf(AccessDeniedException.class);
    }
  }

  @Test
  void theRegionServerRouteChecksExecAsTheRegionRouteDoes() throws Exception {
    TableName table = table("exec_route", null);
    Connection sam = secured.as("sam");
    // A global admin may call RegionServer endpoints, but has no EXEC on this table.
    secured.grant(onTable("sam", table, null, null, Action.READ), () -> scans(sam, table));
    HRegionLocation location;
    try (RegionLocator locator = sam.getRegionLocator(table)) {
      location = locator.getRegionLocation(new byte[0]);
    }
    ExecuteRequest execute = ExecuteRequest.newBuilder().setPreparedId(ByteString.copyFromUtf8("sam-0001"))
        .setScan(ByteString.copyFrom(ProtobufUtil.toScan(new Scan()).toByteArray())).setCaching(5)
        .setRegion(HBaseZeroCopyByteString.wrap(Bytes.fromHex(location.getRegion().getEncodedName()))).build();
    try (Admin admin = sam.getAdmin()) {
      PreparedScanServerService.BlockingInterface server =
          PreparedScanServerService.newBlockingStub(admin.coprocessorService(location.getServerName()));
      // Refused for want of ADMIN until the grant reaches the RegionServer, then for want of EXEC.
      secured.grant(new UserPermission("sam", Permission.newBuilder().withActions(Action.ADMIN).build()),
          () -> !refusal(() -> server.execute(null, execute)).contains("action=ADMIN"));
      assertThat(refusal(() -> server.execute(null, execute))).startsWith(AccessDeniedException.class.getName())
          .contains("action=EXEC");
    }
  }

  private interface RegionServerCall {
    void run() throws ServiceException;
  }

  /** The class and message of the exception the RegionServer threw, or "" when the call succeeded. */
  private static String refusal(RegionServerCall call) {
    try {
      call.run();
      return "";
    } catch (ServiceException e) {
      for (Throwable t = e; t != null; t = t.getCause()) {
        if (t instanceof RemoteException remote) {
          return remote.getClassName() + ": " + remote.getMessage();
        }
      }
      throw new AssertionError("no remote exception in " + e, e);
    }
  }

  private static List<String> preparedCells(Connection user, TableName table) throws IOException {
    try (PreparedScan prepared = PreparedScan.prepare(user, table, new Scan())) {
      return ResultLines.cells(prepared.execute(new byte[0], new byte[0], 7));
    }
  }

  /** Whether {@code user} may prepare a scan of the table: the EXEC grant has reached its RegionServers. */
  private static boolean prepares(Connection user, TableName table) throws IOException {
    try {
      preparedCells(user, table);
      return true;
    } catch (AccessDeniedException notYet) {
      return false;
    }
  }

  private static boolean scans(Connection user, TableName table) {
    try {
      ResultLines.cells(user.getTable(table).getScanner(new Scan()));
      return true;
    } catch (IOException e) {
      return false;
    }
  }

  /** ROWS rows of two cells each; with {@code aclUser}, every other row's cells readable by that user. */
  private static TableName table(String prefix, String aclUser) throws IOException {
    TableName name = TestingTables.create(secured.superuser(), prefix, F, TestingTables.row(ROWS / 2));
    try (Table writer = secured.superuser().getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        Put put = new Put(TestingTables.row(i)).addColumn(F, Q, Bytes.toBytes("v" + i))
            .addColumn(F, Bytes.toBytes("p"), Bytes.toBytes("w" + i));
        if (aclUser != null && i % 2 == 0) {
          put.setACL(aclUser, new Permission(Action.READ));
        }
        puts.add(put);
      }
      writer.put(puts);
    }
    return name;
  }
}
