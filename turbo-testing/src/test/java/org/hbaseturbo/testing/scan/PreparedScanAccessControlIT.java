package org.hbaseturbo.testing.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hbaseturbo.testing.TestingSecuredCluster.onTable;
import static org.hbaseturbo.testsupport.TestingTables.create;
import static org.hbaseturbo.testsupport.TestingTables.row;

import com.google.protobuf.ByteString;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.CompareOperator;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.filter.BinaryComparator;
import org.apache.hadoop.hbase.filter.ValueFilter;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.hbase.security.access.Permission.Action;
import org.apache.hadoop.hbase.security.visibility.Authorizations;
import org.apache.hadoop.hbase.security.visibility.CellVisibility;
import org.apache.hadoop.hbase.security.visibility.VisibilityClient;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.scan.Execution;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.CloseRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PrepareRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PreparedScanService;
import org.hbaseturbo.server.scan.PreparedScanEndpoint;
import org.hbaseturbo.server.scan.PreparedScanServerEndpoint;
import org.hbaseturbo.testing.ResultLines;
import org.hbaseturbo.testing.TestingSecuredCluster;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Prepared Scan on a cluster with HBase's {@code AccessController} and {@code VisibilityController}: each user
 * prepares and executes exactly what they may scan natively, and gets the native scan's cells; a user who may
 * not is refused at prepare with HBase's {@code AccessDeniedException} and leaves nothing on the servers. Also
 * the limits on prepared state. A cluster of its own, with small limits.
 */
class PreparedScanAccessControlIT {
  private static final byte[] F1 = Bytes.toBytes("f1");
  private static final byte[] F2 = Bytes.toBytes("f2");
  private static final byte[] Q1 = Bytes.toBytes("q1");
  private static final byte[] Q2 = Bytes.toBytes("q2");
  private static final byte[] LABELLED = Bytes.toBytes("q3");
  private static final int ROWS = 30;
  /** An open end of a row range. */
  private static final byte[] ALL = new byte[0];
  /** Three scans carrying a filter this large fit under the user limit below, a fourth does not. */
  private static final int LARGE_FILTER_BYTES = 300_000;

  private static TestingSecuredCluster secured;

  @BeforeAll
  static void startCluster() throws Throwable {
    secured = TestingSecuredCluster.start(Map.of(
        "turbo.prepared-scan.user.max-scans", "40",
        "turbo.prepared-scan.user.max-bytes", "1m",
        "turbo.prepared-scan.server.max-bytes", "2m"));
    VisibilityClient.addLabels(secured.superuser(), new String[] {"secret", "public"});
  }

  @AfterAll
  static void stopCluster() throws IOException {
    if (secured != null) {
      secured.close();
    }
  }

  @Test
  void aUserWithReadOnTheTableGetsTheNativeScansCells() throws Exception {
    TableName table = table("acl_read", 2);
    Connection alice = grantRead("alice", table, null, null);
    for (Scan scan : List.of(new Scan(), new Scan().addFamily(F2), new Scan().addColumn(F1, Q2).addFamily(F2))) {
      assertSame(alice, table, scan, ALL, ALL, 4);
      assertSame(alice, table, scan, row(5), row(22), 100);
    }
  }

  @Test
  void aFamilyGrantReadsThatFamilyAndIsRefusedTheOther() throws Exception {
    TableName table = table("acl_family", 2);
    Connection bob = grantRead("bob", table, F1, null);
    // A scan of every family returns the granted one's cells: AccessController adds a filter, for both.
    List<String> everything = assertSame(bob, table, new Scan(), ALL, ALL, 10);
    assertThat(everything).isNotEmpty().noneMatch(line -> line.contains(" f2:"));
    assertSame(bob, table, new Scan().addFamily(F1), row(3), row(27), 5);
    assertRefusedAtPrepare(bob, table, new Scan().addFamily(F2));
  }

  @Test
  void aColumnGrantReadsThatColumnOnly() throws Exception {
    TableName table = table("acl_column", 1);
    Connection carol = grantRead("carol", table, F1, Q1);
    List<String> cells = assertSame(carol, table, new Scan().addFamily(F1), ALL, ALL, 10);
    assertThat(cells).isNotEmpty().allMatch(line -> line.startsWith("row ") || line.contains(" f1:q1 "));
  }

  @Test
  void aUserWithoutGrantsIsRefusedAtPrepareAndLeavesNothing() throws Exception {
    TableName table = table("acl_none", 2);
    assertRefusedAtPrepare(secured.as("dave"), table, new Scan());
    assertRefusedAtPrepare(secured.as("dave"), table, new Scan().addColumn(F1, Q1));
  }

  @Test
  void aRevokedGrantRefusesTheNextExecuteOfAScanPreparedBefore() throws Exception {
    TableName table = table("acl_revoke", 2);
    Connection erin = grantRead("erin", table, null, null);
    try (PreparedScan prepared = PreparedScan.prepare(erin, table, new Scan())) {
      assertThat(ResultLines.cells(prepared.execute(Execution.range(new byte[0], new byte[0])))).isNotEmpty();
      secured.revoke(onTable("erin", table, null, null, Action.READ), () -> outcome(() -> ResultLines.cells(
          erin.getTable(table).getScanner(new Scan()))).failed());
      assertThatThrownBy(() -> ResultLines.cells(prepared.execute(Execution.range(new byte[0], new byte[0]))))
          .isInstanceOf(AccessDeniedException.class);
    }
    assertRefusedAtPrepare(erin, table, new Scan());
  }

  /**
   * Over the fast path each execute runs as the session's user through the region's scanner hooks, so family
   * and column grants give what they give the native scan, and a revoke refuses the next execute.
   */
  @Test
  void overTheFastPathGrantsGiveTheNativeScansCellsAndARevokeRefuses() throws Exception {
    TableName table = table("acl_fast", 2);
    grantRead("quinn", table, F1, null);
    grantRead("rita", table, F1, Q1);
    try (FastPathConnection quinn = secured.fastPathAs("quinn"); FastPathConnection rita = secured.fastPathAs("rita")) {
      assertThat(assertSame(quinn, table, new Scan(), ALL, ALL, 7)).isNotEmpty()
          .noneMatch(line -> line.contains(" f2:"));
      assertRefusedAtPrepare(quinn, table, new Scan().addFamily(F2));
      assertThat(assertSame(rita, table, new Scan().addFamily(F1), row(4), ALL, 5)).isNotEmpty()
          .allMatch(line -> line.startsWith("row ") || line.contains(" f1:q1 "));
      assertThat(quinn.counters().served()).as("quinn's executes over the fast path").isPositive();
      assertThat(rita.counters().served()).as("rita's executes over the fast path").isPositive();

      try (PreparedScan prepared = PreparedScan.prepare(quinn, table, new Scan().addFamily(F1))) {
        assertThat(ResultLines.cells(prepared.execute(Execution.range(ALL, ALL)))).isNotEmpty();
        secured.revoke(onTable("quinn", table, F1, null, Action.READ), () -> outcome(() -> ResultLines.cells(
            quinn.getTable(table).getScanner(new Scan().addFamily(F1)))).failed());
        long refusedBefore = quinn.counters().answered(FastPathStatus.REPLAY_OVER_RPC);
        // Each execute is refused. An execute the fast path did not carry (no reply in time on a loaded host, or a
        // server unsure of its ZooKeeper session) goes over RPC and is refused there: a few tries, so that one
        // is refused by the fast path's server.
        for (int tries = 0; tries < 5 && quinn.counters().answered(FastPathStatus.REPLAY_OVER_RPC) == refusedBefore;
            tries++) {
          assertThatThrownBy(() -> ResultLines.cells(prepared.execute(Execution.range(ALL, ALL))))
              .isInstanceOf(AccessDeniedException.class);
        }
        assertThat(quinn.counters().answered(FastPathStatus.REPLAY_OVER_RPC))
            .as("refused on the fast path first (not carried: %d unavailable, %d not serving)",
                quinn.counters().unavailable(), quinn.counters().answered(FastPathStatus.NOT_SERVING))
            .isGreaterThan(refusedBefore);
      }
    }
  }

  @Test
  void visibilityLabelsHideWhatTheyHideFromTheNativeScan() throws Throwable {
    TableName table = table("acl_labels", 2);
    try (Table writer = secured.superuser().getTable(table)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        puts.add(new Put(row(i)).addColumn(F1, LABELLED, Bytes.toBytes("labelled" + i))
            .setCellVisibility(new CellVisibility(i % 2 == 0 ? "secret" : "public")));
      }
      writer.put(puts);
    }
    VisibilityClient.setAuths(secured.superuser(), new String[] {"public"}, "frank");
    Connection frank = grantRead("frank", table, null, null);
    Scan asking = new Scan().setAuthorizations(new Authorizations("secret", "public"));
    List<String> cells = assertSame(frank, table, asking, ALL, ALL, 10);
    assertThat(cells).anyMatch(line -> line.contains("= labelled1")).noneMatch(line -> line.contains("= labelled0"));
    assertSame(frank, table, new Scan(), ALL, ALL, 10);
    try (FastPathConnection fastFrank = secured.fastPathAs("frank")) {
      assertThat(assertSame(fastFrank, table, asking, ALL, ALL, 10)).as("over the fast path").isEqualTo(cells);
      assertThat(fastFrank.counters().served()).isPositive();
    }
  }

  @Test
  void executesOfUsersWhoMayNotCallTheRegionServerGoThroughTheirRegions() throws Exception {
    TableName table = table("acl_route", 2);
    Connection grace = grantRead("grace", table, null, null);
    long before = serverExecutes();
    assertSame(grace, table, new Scan(), ALL, ALL, 3);
    // HBase lets only global admins call a RegionServer endpoint: grace's executes all went to the regions.
    assertThat(serverExecutes()).isEqualTo(before);
    assertSame(secured.superuser(), table, new Scan(), ALL, ALL, 3);
    assertThat(serverExecutes()).as("the superuser's executes").isGreaterThan(before);
  }

  @Test
  void anotherUsersPreparedIdLooksExactlyLikeOneNobodyPrepared() throws Exception {
    TableName table = table("acl_owner", 1);
    Connection henry = grantRead("henry", table, null, null);
    Connection iris = grantRead("iris", table, null, null);
    ByteString id = ByteString.copyFromUtf8("henry-01");
    ByteString scan = ByteString.copyFrom(ProtobufUtil.toScan(new Scan()).toByteArray());
    stub(henry, table).prepare(null, PrepareRequest.newBuilder().setPreparedId(id).setScan(scan).build());
    ExecuteRequest execute = ExecuteRequest.newBuilder().setPreparedId(id).setCaching(10).build();
    ExecuteRequest unknown = execute.toBuilder().setPreparedId(ByteString.copyFromUtf8("nobody01")).build();

    assertThat(stub(iris, table).execute(null, execute).getStatus()).isEqualTo(ExecuteResponse.Status.NOT_PREPARED)
        .isEqualTo(stub(iris, table).execute(null, unknown).getStatus());
    assertThat(stub(iris, table).close(null, CloseRequest.newBuilder().setPreparedId(id).build())
        .getReleasedCursors()).isZero();
    assertThat(stub(henry, table).execute(null, execute).getRowCount()).isEqualTo(10);
    // With the scan attached, iris prepares her own under the same id; henry's stays his.
    stub(iris, table).execute(null, execute.toBuilder().setScan(scan).build());
    assertThat(preparedScans(table)).isEqualTo(2);
    stub(henry, table).close(null, CloseRequest.newBuilder().setPreparedId(id).build());
    stub(iris, table).close(null, CloseRequest.newBuilder().setPreparedId(id).build());
    assertThat(preparedScans(table)).isZero();
  }

  @Test
  void aUsersPreparedBytesAreBoundedAndARefusalStoresNothing() throws Exception {
    TableName table = table("acl_user_bytes", 1);
    Connection jack = grantRead("jack", table, null, null);
    List<PreparedScan> held = new ArrayList<>();
    try {
      for (int i = 0; i < 3; i++) {
        held.add(PreparedScan.prepare(jack, table, largeScan(i)));
      }
      assertLimitExceeded(() -> PreparedScan.prepare(jack, table, largeScan(3)), "turbo.prepared-scan.user.max-bytes");
      assertThat(preparedScans(table)).isEqualTo(3);
      held.remove(0).close();
      held.add(PreparedScan.prepare(jack, table, largeScan(4)));
      assertThat(preparedScans(table)).isEqualTo(3);
    } finally {
      for (PreparedScan prepared : held) {
        prepared.close();
      }
    }
  }

  @Test
  void aUsersPreparedScansAreCountedAgainstTheirLimit() throws Exception {
    TableName table = table("acl_user_count", 1);
    Connection kate = grantRead("kate", table, null, null);
    List<PreparedScan> held = new ArrayList<>();
    try {
      for (int i = 0; i < 40; i++) {
        held.add(PreparedScan.prepare(kate, table, new Scan().addColumn(F1, Q1)));
      }
      assertLimitExceeded(() -> PreparedScan.prepare(kate, table, new Scan()), "turbo.prepared-scan.user.max-scans");
      assertThat(preparedScans(table)).isEqualTo(40);
    } finally {
      for (PreparedScan prepared : held) {
        prepared.close();
      }
    }
  }

  @Test
  void allUsersTogetherAreBoundedPerRegionAndPerServer() throws Exception {
    TableName table = table("acl_server_bytes", 1);
    List<PreparedScan> held = new ArrayList<>();
    try {
      Connection lena = grantRead("lena", table, null, null);
      for (int i = 0; i < 3; i++) {
        held.add(PreparedScan.prepare(lena, table, largeScan(i)));
      }
      // Each about 300 KB: Mark may take at most half of the 1.2 MB that Lena leaves, so a second is refused though
      // the server has room.
      Connection mark = grantRead("mark", table, null, null);
      held.add(PreparedScan.prepare(mark, table, largeScan(0)));
      assertLimitExceeded(() -> PreparedScan.prepare(mark, table, largeScan(1)), "turbo.prepared-scan.server.max-bytes"
          + "), and one user may take at most half of what the others leave");
      for (String user : List.of("nina", "olaf")) {
        held.add(PreparedScan.prepare(grantRead(user, table, null, null), table, largeScan(0)));
      }
      // Pia holds nothing, but the server's prepared scans, hers included, would pass 2 MiB.
      Connection pia = grantRead("pia", table, null, null);
      assertLimitExceeded(() -> PreparedScan.prepare(pia, table, largeScan(0)), "all users' together, are at their"
          + " limit; the limit is 2097152 (turbo.prepared-scan.server.max-bytes)");
      assertThat(preparedScans(table)).isEqualTo(6);
    } finally {
      for (PreparedScan prepared : held) {
        prepared.close();
      }
    }

    TableName small = create(secured.superuser(), "acl_region_count", descriptor -> descriptor
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F1)).setValue("turbo.prepared-scan.region.max-scans", "3"));
    Connection oscar = grantRead("oscar", small, null, null);
    Connection paula = grantRead("paula", small, null, null);
    List<PreparedScan> three = List.of(PreparedScan.prepare(oscar, small, new Scan()),
        PreparedScan.prepare(oscar, small, new Scan()), PreparedScan.prepare(paula, small, new Scan()));
    assertLimitExceeded(() -> PreparedScan.prepare(paula, small, new Scan()), "turbo.prepared-scan.region.max-scans");
    for (PreparedScan prepared : three) {
      prepared.close();
    }
  }

  /** A scan whose filter carries {@link #LARGE_FILTER_BYTES}: a prepared scan of about that many bytes. */
  private static Scan largeScan(int variant) {
    byte[] value = new byte[LARGE_FILTER_BYTES];
    value[0] = (byte) variant;
    return new Scan().setFilter(new ValueFilter(CompareOperator.NOT_EQUAL, new BinaryComparator(value)));
  }

  private interface Call {
    void run() throws Exception;
  }

  private static void assertLimitExceeded(Call call, String key) {
    assertThatThrownBy(call::run).isInstanceOfSatisfying(PreparedScanException.class,
        e -> assertThat(e.error()).isEqualTo(PreparedScanError.LIMIT_EXCEEDED)).hasMessageContaining(key);
  }

  /**
   * Refused at prepare with HBase's own exception, as the native scan is refused, and no region keeps
   * anything of it.
   */
  private static void assertRefusedAtPrepare(Connection user, TableName table, Scan scan) throws Exception {
    Outcome nativeScan = outcome(() -> ResultLines.cells(user.getTable(table).getScanner(new Scan(scan))));
    assertThat(nativeScan.failure()).as("the native scan's failure").isEqualTo(AccessDeniedException.class);
    int before = preparedScans(table);
    assertThatThrownBy(() -> PreparedScan.prepare(user, table, scan)).isInstanceOf(AccessDeniedException.class);
    assertThat(preparedScans(table)).isEqualTo(before);
  }

  /**
   * Asserts that the prepared scan executed over [start, stop) and the native scan of that range, both as
   * {@code user}, return the same cells; returns them.
   */
  private static List<String> assertSame(Connection user, TableName table, Scan scan, byte[] start, byte[] stop,
      int caching) throws Exception {
    Outcome nativeScan = outcome(() -> ResultLines.cells(user.getTable(table).getScanner(
        new Scan(scan).withStartRow(start).withStopRow(stop))));
    Outcome prepared = outcome(() -> {
      try (PreparedScan prepare = PreparedScan.prepare(user, table, scan)) {
        return ResultLines.cells(prepare.execute(Execution.range(start, stop).caching(caching)));
      }
    });
    assertThat(prepared).as("prepared scan %s", scan).isEqualTo(nativeScan);
    assertThat(nativeScan.failure()).as("native scan's failure").isNull();
    return nativeScan.cells();
  }

  /** The cells, or the type of the exception that ended the scan. */
  record Outcome(List<String> cells, Class<? extends Exception> failure) {
    boolean failed() {
      return failure != null;
    }
  }

  private interface Scanning {
    List<String> cells() throws Exception;
  }

  private static Outcome outcome(Scanning scanning) {
    try {
      return new Outcome(scanning.cells(), null);
    } catch (Exception e) {
      return new Outcome(List.of(), e.getClass());
    }
  }

  private static Connection grantRead(String user, TableName table, byte[] family, byte[] qualifier)
      throws Exception {
    Connection connection = secured.as(user);
    Scan probe = family == null ? new Scan() : qualifier == null ? new Scan().addFamily(family)
        : new Scan().addColumn(family, qualifier);
    secured.grant(onTable(user, table, family, qualifier, Action.READ),
        () -> !outcome(() -> ResultLines.cells(connection.getTable(table).getScanner(probe))).failed());
    return connection;
  }

  private static PreparedScanService.BlockingInterface stub(Connection user, TableName table) throws IOException {
    return PreparedScanService.newBlockingStub(user.getTable(table).coprocessorService(new byte[0]));
  }

  /** A table of two families and two columns each, ROWS rows, split in {@code regions} regions. */
  private static TableName table(String prefix, int regions) throws IOException {
    TableName name = create(secured.superuser(), prefix, table -> table
        .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F1)).setColumnFamily(ColumnFamilyDescriptorBuilder.of(F2)),
        regions == 1 ? new byte[0][] : new byte[][] {row(ROWS / 2)});
    try (Table table = secured.superuser().getTable(name)) {
      List<Put> puts = new ArrayList<>();
      for (int i = 0; i < ROWS; i++) {
        puts.add(new Put(row(i)).addColumn(F1, Q1, Bytes.toBytes("a" + i)).addColumn(F1, Q2, Bytes.toBytes("b" + i))
            .addColumn(F2, Q1, Bytes.toBytes("c" + i)).addColumn(F2, Q2, Bytes.toBytes("d" + i)));
      }
      table.put(puts);
    }
    return name;
  }

  private static int preparedScans(TableName table) {
    int count = 0;
    for (HRegionServer server : secured.cluster().regionServers()) {
      for (HRegion region : server.getRegions(table)) {
        count += region.getCoprocessorHost().findCoprocessor(PreparedScanEndpoint.class).preparedScans();
      }
    }
    return count;
  }

  private static long serverExecutes() {
    return secured.cluster().regionServers().stream().mapToLong(rs -> rs.getRegionServerCoprocessorHost()
        .findCoprocessor(PreparedScanServerEndpoint.class).executes()).sum();
  }
}
