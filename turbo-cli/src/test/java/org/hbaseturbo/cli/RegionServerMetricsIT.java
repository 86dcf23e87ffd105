package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.client.scan.PreparedScan;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.cluster.ServerControlService;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.testsupport.TestingTables;
import org.hbaseturbo.wire.codec.CompactCellCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * Turbo's figures where an operator reads HBase's: the RegionServer's info server, {@code /prometheus} and
 * {@code /jmx}, in a RegionServer JVM of its own with the server jar as deployed. A small workload over the fast
 * path, Prepared Scan and the compact codec must move the figures each names. Runs a process cluster of its own:
 * the shared embedded cluster runs no info servers, and its RegionServers share one JVM and so one set of sources.
 * PCM's class, switches and reverts move under {@code tune apply} and {@code tune rollback}.
 */
class RegionServerMetricsIT {
  private static final byte[] FAMILY = Bytes.toBytes("f");
  private static final int ROWS = 200;
  private static final int GETS = 100;
  /** Far above the seconds a RegionServer takes to register its coprocessors once it is online. */
  private static final Duration PUBLISHED = Duration.ofSeconds(60);
  private static final String PCM_SWITCHES = "turbo_heap_tuner_pcm_switches";
  private static final String PCM_REVERTS = "turbo_heap_tuner_pcm_reverts";
  /** The source's tag pcmClass, as /prometheus names it (in lower case). */
  private static final String PCM_CLASS = "pcmclass";

  @Test
  void aWorkloadOverTheFastPathPreparedScanAndTheCodecMovesTheFiguresOnPrometheus(
      @TempDir(cleanup = CleanupMode.ON_SUCCESS) Path data)
      throws Exception {
    TableName name = TableName.valueOf("metrics_workload");
    try (ProcessHBaseCluster cluster = ProcessHBaseCluster.builder().regionServers(1).regionServerHeap("384m")
        .dataDir(data).start()) {
      String info = cluster.regionServerInfoAddresses().get(0);
      assertThat(info).matches("http://127\\.0\\.0\\.1:\\d+");
      figures(info); // once the info server serves the sources
      Configuration conf = cluster.clientConfiguration();
      conf.set(HConstants.RPC_CODEC_CONF_KEY, CompactCellCodec.class.getName());
      try (Connection rpc = ConnectionFactory.createConnection(conf);
          FastPathConnection fast = FastPathConnection.wrap(ConnectionFactory.createConnection(conf))) {
        try (Admin admin = rpc.getAdmin()) {
          admin.createTable(TableDescriptorBuilder.newBuilder(name)
              .setColumnFamily(ColumnFamilyDescriptorBuilder.of(FAMILY)).build());
        }
        Map<String, Double> before = figures(info);
        assertThat(before).containsEntry("turbo_fast_path_up", 1.0).containsEntry("turbo_fast_path_loaded", 1.0);

        try (Table table = rpc.getTable(name)) {
          // One multi, its cells a compact cellblock the server decodes.
          TestingTables.load(rpc, name, FAMILY, Bytes.toBytes("q"), 0, ROWS);
          try (ResultScanner scanner = table.getScanner(new Scan().addFamily(FAMILY))) {
            int rows = 0;
            for (Result ignored : scanner) {
              rows++;
            }
            assertThat(rows).isEqualTo(ROWS); // replies the server encodes
          }
        }
        try (Table table = fast.getTable(name)) {
          for (int i = 0; i < GETS; i++) {
            assertThat(table.get(new Get(TestingTables.row(i))).isEmpty()).isFalse();
          }
        }
        assertThat(fast.counters().served()).as("Gets the fast path served").isPositive();
        Map<String, Double> during;
        try (PreparedScan prepared = PreparedScan.prepare(fast, name, new Scan().addFamily(FAMILY));
            ResultScanner rows = prepared.execute(new byte[0], new byte[0], 50)) {
          int count = 0;
          for (Result ignored : rows) {
            count++;
          }
          assertThat(count).isEqualTo(ROWS);
          during = figures(info);
        }
        Map<String, Double> after = figures(info);

        assertMoved(before, after, "turbo_fast_path_executed", fast.counters().served());
        assertMoved(before, after, "turbo_fast_path_bytes_received", 1);
        assertMoved(before, after, "turbo_fast_path_bytes_sent", 1);
        assertThat(after).containsEntry("turbo_fast_path_sessions", 1.0);
        assertMoved(before, after, "turbo_fast_path_sessions_opened", 1);
        assertMoved(before, after, "turbo_prepared_scan_prepares", 1);
        assertMoved(before, after, "turbo_prepared_scan_executes", ROWS / 50);
        assertThat(during.get("turbo_prepared_scan_prepared_scans")).as("held while open").isPositive();
        assertThat(during.get("turbo_prepared_scan_prepared_bytes")).isPositive();
        assertThat(after).containsEntry("turbo_prepared_scan_prepared_scans", 0.0);
        assertMoved(before, after, "turbo_codec_decoded_cellblocks", 1);
        assertMoved(before, after, "turbo_codec_decoded_bytes", ROWS * 5);
        assertMoved(before, after, "turbo_codec_encoded_cellblocks", 1);
        assertMoved(before, after, "turbo_codec_encoded_bytes", ROWS * 5);
        assertMoved(before, after, "turbo_workload_puts", ROWS);
        assertMoved(before, after, "turbo_workload_gets", GETS);
        assertMoved(before, after, "turbo_workload_scans", 1);
        assertThat(after).containsKeys("turbo_heap_tuner_periods", "turbo_fast_path_refused_not_sure",
            "turbo_fast_path_sessions_not_allowed", "turbo_fast_path_dropped_expired", "turbo_fast_path_queue_depth",
            "turbo_prepared_scan_refused_limit_exceeded");

        // The same source is the JMX bean HBase's own sit beside.
        assertThat(bean(info, "TurboFastPath")).contains("\"executed\"");

        assertPcmOnPrometheus(cluster, info, data);
      }
    }
  }

  /**
   * {@code tune apply --data} then {@code tune rollback --data}, as an operator runs them against the launcher of a
   * process cluster (this JVM serves the cluster's control, as {@code cluster start --processes} does): the class in
   * force goes to the one applied and back to none, one switch and one revert.
   */
  private static void assertPcmOnPrometheus(ProcessHBaseCluster cluster, String info, Path data) throws Exception {
    Path conf = cluster.writeClientConfiguration(data.resolve("client-conf")).getParent();
    Path policy = data.resolve("rm.yaml");
    Files.writeString(policy, "class: RM\nheap_gb: 0.375\nsettings:\n  hbase.hstore.compaction.min: 4\n");
    Path audit = data.resolve("audit.jsonl");
    TestingPrometheus before = TestingPrometheus.awaitLine(info, PCM_SWITCHES, PUBLISHED);
    assertThat(before.labels().get(PCM_SWITCHES)).as("no class before PCM").containsEntry(PCM_CLASS, "");
    ServerControlService control = ServerControlService.start(cluster, data, line -> { });
    try {
      CommandLineRun apply = CommandLineRun.of("--conf", conf.toString(), "tune", "apply", "--class", "RM",
          "--policy", policy.toString(), "--data", data.toString(), "--audit", audit.toString());
      apply.assertSucceeded();
      TestingPrometheus applied = awaitClass(info, "RM");
      assertThat(applied.values().get(PCM_SWITCHES) - before.values().get(PCM_SWITCHES)).isEqualTo(1.0);
      assertThat(applied.values().get(PCM_REVERTS)).isEqualTo(before.values().get(PCM_REVERTS));

      CommandLineRun rollback = CommandLineRun.of("--conf", conf.toString(), "tune", "rollback", "--data",
          data.toString(), "--audit", audit.toString());
      rollback.assertSucceeded();
      TestingPrometheus rolledBack = awaitClass(info, "");
      assertThat(rolledBack.values().get(PCM_SWITCHES) - before.values().get(PCM_SWITCHES)).isEqualTo(1.0);
      assertThat(rolledBack.values().get(PCM_REVERTS) - before.values().get(PCM_REVERTS)).isEqualTo(1.0);
    } finally {
      control.close();
    }
  }

  /** The first read of {@code /prometheus} whose PCM class is {@code workloadClass}. */
  private static TestingPrometheus awaitClass(String info, String workloadClass) throws IOException {
    TestingPrometheus[] seen = new TestingPrometheus[1];
    Await.until(() -> {
      seen[0] = TestingPrometheus.read(info);
      Map<String, String> labels = seen[0].labels().get(PCM_SWITCHES);
      return labels != null && workloadClass.equals(labels.get(PCM_CLASS));
    }, PUBLISHED, Duration.ofMillis(500), "class '" + workloadClass + "'", () -> new IOException("the PCM class on "
        + info + "/prometheus did not become '" + workloadClass + "' within " + PUBLISHED.toSeconds() + " s"));
    return seen[0];
  }

  private static void assertMoved(Map<String, Double> before, Map<String, Double> after, String name, long least) {
    assertThat(after).as("%s on /prometheus", name).containsKey(name);
    assertThat(after.get(name) - before.getOrDefault(name, 0.0)).as("%s moved", name)
        .isGreaterThanOrEqualTo((double) least);
  }

  /**
   * The values on {@code /prometheus} of the lines named {@code turbo_*}, from a read that has Turbo's sources: now
   * and then a read has none of them, nor any of HBase's own, because HBase was restarting Hadoop's metrics system
   * ({@link #bean}).
   */
  private static Map<String, Double> figures(String info) throws IOException {
    return TestingPrometheus.awaitLine(info, "turbo_fast_path_up", PUBLISHED).values();
  }

  /**
   * The JMX bean {@code Hadoop:service=HBase,name=RegionServer,sub=SUB} as {@code /jmx} prints it, from the first read
   * that lists it. HBase restarts Hadoop's metrics system to rebuild its beans ({@code JmxCacheBuster}, 5 s after a
   * region opens or closes): for the half second it is stopped, {@code /jmx} lists no RegionServer bean and
   * {@code /prometheus} prints no RegionServer source, HBase's own or Turbo's, so the read of {@code /prometheus} just
   * before may have come before a restart that this one falls in. That one endpoint never shows a source the other
   * does not is {@code TestMetricsRegistration}'s.
   */
  private static String bean(String info, String sub) throws IOException {
    String name = "Hadoop:service=HBase,name=RegionServer,sub=" + sub;
    String[] seen = new String[1];
    Await.until(() -> {
      seen[0] = TestingPrometheus.get(info + "/jmx?qry=" + name);
      return seen[0].contains(name);
    }, PUBLISHED, Duration.ofMillis(100), name + " on " + info + "/jmx", () -> new IOException(info + "/jmx did not"
        + " list " + name + " within " + PUBLISHED.toSeconds() + " s: " + seen[0]));
    return seen[0];
  }
}
