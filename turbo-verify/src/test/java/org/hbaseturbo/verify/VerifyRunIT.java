package org.hbaseturbo.verify;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.verify.chaos.ChaosPolicy;
import org.hbaseturbo.verify.chaos.ChaosRecord;
import org.hbaseturbo.verify.register.RegisterCounts;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The verification on the shared embedded cluster: loops written over the fast path with the compact codec, ZSTD
 * blocks, while slow-deterministic chaos moves, splits and merges their regions, are read back whole by both reads;
 * and a node deleted behind its back is found, as one undefined and one unreferenced node, by both (a verifier that
 * cannot fail is worth nothing).
 */
@ExtendWith(SharedHBaseCluster.class)
class VerifyRunIT {
  private static final int LOOPS = 2;
  /**
   * Enough that writing outlasts the chaos up to its merge, which ends about 12 s in here: the fast path writes a
   * batch as one message per server, 300,000 nodes in about 14 s with one writer.
   */
  private static final long NODES = 150_000;
  private static final int WIDTH = 1_000;
  private static final int WRITERS = 1;
  private static final boolean FAST = Boolean.parseBoolean(System.getProperty("fast", "true"));

  @Test
  void loopsWrittenOverTheFastPathWithTheCompactCodecAreWhole() throws Exception {
    StringWriter printed = new StringWriter();
    VerifyRun.Report report = new VerifyRun(settings("verify_whole", ChaosPolicy.SLOW_DETERMINISTIC),
        SharedHBaseCluster.cluster().clientConfiguration(), Optional.empty(), new PrintWriter(printed)).run();
    assertThat(report.passed()).as(printed.toString()).isTrue();
    // An embedded cluster has no processes to kill: its chaos is what HBase's Admin API can do, splits and merges
    // under the fast path's load among it.
    assertThat(report.chaos().skipped()).containsExactly("kill-region-server", "kill-datanode",
        "kill-meta-region-server", "rolling-restart");
    assertThat(report.chaos().actions()).as(printed.toString())
        .filteredOn(action -> action.succeeded() && !action.outcome().startsWith("nothing to do"))
        .extracting(ChaosRecord::action).contains("split-region", "merge-regions", "settle");
    assertThat(report.nativeRead().rows()).isEqualTo(LOOPS * NODES);
    assertThat(report.nativeRead().referenced()).isEqualTo(LOOPS * NODES);
    assertThat(report.fastPathServed()).as("batches and executes over the fast path").isPositive();
    assertThat(printed.toString()).contains("loop 2 of 2 closed", "Prepared Scan: 300,000 nodes");
    RegisterCounts register = report.register();
    assertThat(register.passed()).as(printed.toString()).isTrue();
    // No pause or crash here: no server can serve regions it lost, over either path.
    assertThat(register.staleReads()).isZero();
    assertThat(register.writesAcknowledged()).isPositive();
    assertThat(register.byPath()).containsOnlyKeys("fastpath", "rpc");
    assertThat(register.byPath().values()).allSatisfy(path -> assertThat(path.reads()).isPositive());
  }

  /**
   * A schedule asked for is taken whole though the loops are written long before its last action: they are read only
   * after it, and the registers are written and read under it meanwhile.
   */
  @Test
  void aScheduleOutlastingTheLoopsIsTakenWhole() throws Exception {
    StringWriter printed = new StringWriter();
    VerifyRun.Settings settings = new VerifyRun.Settings(
        SharedHBaseCluster.uniqueTableName("verify_schedule").getNameAsString(), 1, 2 * WIDTH, WIDTH, WRITERS, FAST,
        false, 4, Algorithm.NONE, ChaosPolicy.SLOW_DETERMINISTIC, List.of("flush-table", "major-compact-table"), 5,
        1);
    VerifyRun.Report report = new VerifyRun(settings, SharedHBaseCluster.cluster().clientConfiguration(),
        Optional.empty(), new PrintWriter(printed)).run();
    assertThat(report.passed()).as(printed.toString()).isTrue();
    List<ChaosRecord> actions = report.chaos().actions();
    assertThat(actions).as(printed.toString()).extracting(ChaosRecord::action)
        .containsExactly("flush-table", "major-compact-table", "settle");
    assertThat(actions).allSatisfy(action -> assertThat(action.succeeded()).as(action.outcome()).isTrue());
    // The premise: 2,000 nodes are written well within the 10 s before the second action.
    assertThat(report.writeSeconds()).as(printed.toString()).isLessThan(actions.get(1).atSeconds());
    assertThat(printed.toString()).contains("before chaos's schedule ended: it still takes", "major-compact-table");
    assertThat(report.register().byPath().values()).allSatisfy(path -> assertThat(path.reads()).isPositive());
  }

  /**
   * Losses planted behind the run's back are found, with the register workload's clients in this JVM, and in a JVM of
   * their own as on a cluster of hosts, whose counts must come back whole for the loss to show.
   */
  @ParameterizedTest(name = "registers in a JVM of their own: {0}")
  @ValueSource(booleans = {false, true})
  void aNodeDeletedBehindItsBackIsFoundByBothReads(boolean registersInOwnJvm) throws Exception {
    VerifyRun.Settings settings = settings("verify_planted_loss", ChaosPolicy.CALM);
    StringWriter printed = new StringWriter();
    VerifyRun run = new VerifyRun(settings, SharedHBaseCluster.cluster().clientConfiguration(), Optional.empty(),
        registersInOwnJvm, new PrintWriter(printed));
    try (VerifyRun.Clients clients = run.new Clients()) {
      VerifyRun.Written written = run.write(clients);
      byte[] lost;
      try (Table table = clients.rpc().getTable(TableName.valueOf(settings.table()));
          ResultScanner scanner = table.getScanner(new Scan().setLimit(1))) {
        Result first = scanner.next();
        lost = first.getRow();
        table.delete(new Delete(lost));
      }
      // And one register's row, whose acknowledged values are then lost.
      try (Table registers = clients.rpc().getTable(run.registerTable())) {
        registers.delete(new Delete(VerifyRun.registerRows().get(0)));
      }
      VerifyRun.Report report = run.verify(clients, written);
      assertThat(report.passed()).isFalse();
      assertThat(report.register().lostAcknowledged()).isEqualTo(1);
      assertThat(report.register().lostExamples()).singleElement().asString().startsWith("key 0 read 0, acknowledged");
      for (ListCounts read : new ListCounts[] {report.nativeRead(), report.preparedRead()}) {
        assertThat(read.undefined()).isEqualTo(1);
        assertThat(read.undefinedExamples()).containsExactly(NodeKey.of(lost).toString());
        assertThat(read.unreferenced()).isEqualTo(1);
        assertThat(read.rows()).isEqualTo(LOOPS * NODES - 1);
      }
      assertThat(report.readsAgree()).isTrue();
      assertThat(report.register().byPath()).as(printed.toString()).containsOnlyKeys("fastpath", "rpc");
      assertThat(report.register().byPath().values()).allSatisfy(path -> assertThat(path.reads()).isPositive());
      assertThat(report.register().fastPath().served()).as("the registers' operations the fast path served")
          .isPositive();
      if (registersInOwnJvm) {
        assertThat(printed.toString()).contains("registers: their clients run in a JVM of their own");
      }
    }
  }

  private static VerifyRun.Settings settings(String prefix, ChaosPolicy chaos) {
    return new VerifyRun.Settings(SharedHBaseCluster.uniqueTableName(prefix).getNameAsString(), LOOPS, NODES, WIDTH,
        WRITERS, FAST, true, 4, Algorithm.ZSTD, chaos, List.of(), 1, 1);
  }
}
