package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hbaseturbo.cli.CommandLineRun.assertRefused;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.regionserver.HRegion;
import org.apache.hadoop.hbase.regionserver.HRegionServer;
import org.apache.hadoop.hbase.regionserver.HStoreFile;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.hbaseturbo.tune.AuditLog;
import org.hbaseturbo.tune.Recommender;
import org.hbaseturbo.tune.WorkloadClass;
import org.hbaseturbo.tune.policy.PolicyEnvironment;
import org.hbaseturbo.tune.policy.PolicyLoader;
import org.hbaseturbo.tune.policy.PolicySetting;
import org.hbaseturbo.tune.split.YcsbKeys;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(SharedHBaseCluster.class)
class TuneCommandIT {
  private static final byte[] F = Bytes.toBytes("f");
  /** Gets within the status window: a few milliseconds' worth, next to its 4 s. */
  private static final int STATUS_GETS = 50;

  /** BL's pre-split: 4 regions per RegionServer, and the shared cluster has 2. */
  private static final int BL_REGIONS = 8;

  private Path conf;

  @BeforeEach
  void writeClientConfiguration(EmbeddedHBaseCluster cluster, @TempDir Path dir) throws Exception {
    conf = cluster.writeClientConfiguration(dir.resolve("conf")).getParent();
  }

  @Test
  void statusShowsTheClassOfWhatClientsAskDuringTheWindow(Connection connection, @TempDir Path dir)
      throws Exception {
    TableName name = TestingTables.create(connection, "tuned", F);
    try (Table table = connection.getTable(name)) {
      table.put(new Put(Bytes.toBytes("row")).addColumn(F, F, F));
    }
    Path json = dir.resolve("status.json");
    CommandLineRun.Started status = CommandLineRun.start("--conf", conf.toString(), "tune", "status", "--table",
        name.getNameAsString(), "--window", "4", "--json", json.toString());
    // Reads only, from the moment the window has begun (the command says so) until it ends.
    status.awaitPrinted("watching the workload for 4 s");
    try (Table table = connection.getTable(name)) {
      for (int i = 0; i < STATUS_GETS; i++) {
        table.get(new Get(Bytes.toBytes("row")));
      }
    }
    assertThat(status.run()).as("the window, still open once the Gets were done").isNotDone();
    CommandLineRun run = status.run().get();
    run.assertSucceeded();
    assertThat(run.out()).contains("watching the workload for 4 s", "RO-read", "RegionServers at the end");
    JsonNode window = new ObjectMapper().readTree(json.toFile());
    JsonNode classified = window.get("tables").get(name.getNameAsString()).get("classification");
    assertThat(classified.get("workload_class").asText()).isEqualTo("RO_READ");
    assertThat(classified.get("operations").get("gets").asLong()).isEqualTo(STATUS_GETS);
    assertThat(classified.get("operations").get("puts").asLong()).isZero();
    JsonNode latencies = classified.get("operations").get("latencies");
    assertThat(latencies.get("operations").asLong()).as("a latency for each Get").isEqualTo(STATUS_GETS);
    assertThat(latencies.get("p99_millis").isIntegralNumber()).as(latencies.toString()).isTrue();
    assertThat(window.get("servers")).hasSize(2);
  }

  @Test
  void recommendComparesThePolicyWithTheSettingsInForceAndTheTable(Connection connection, @TempDir Path dir)
      throws Exception {
    TableName name = TestingTables.create(connection, "recommended", F);
    Path json = dir.resolve("recommendation.json");
    CommandLineRun run = CommandLineRun.of("--conf", conf.toString(), "tune", "recommend", "--class", "RO-read",
        "--table", name.getNameAsString(), "--json", json.toString());
    run.assertSucceeded();
    assertThat(run.out()).contains("policy for RO-read: PCM paper, Table V, PCM-RO (Read)");
    JsonNode changes = new ObjectMapper().readTree(json.toFile()).get("changes");
    java.util.Map<String, String> byKey = new java.util.TreeMap<>();
    changes.forEach(change -> byKey.put(change.get("setting").asText(), change.get("current").asText() + " -> "
        + change.get("recommended").asText() + " by " + change.get("route").asText()));
    // The servers run HBase's defaults (0.4 and 0.4, 64 KiB blocks); Table V wants the heap for the cache.
    // The embedded cluster has no heap tuner: the fractions need a restart there.
    assertThat(byKey).containsEntry("hfile.block.cache.size", "0.4 -> 0.6 by RESTART")
        .containsEntry("hbase.regionserver.global.memstore.size", "0.4 -> 0.1 by RESTART")
        .containsEntry("BLOCKSIZE", "65536 -> 32768 by FAMILY");
    assertThat(run.out()).contains("column family; new files", "note: the heap fractions need a restart here");
  }

  @Test
  void recommendSaysWhereAPolicysHeapFractionsWereFittedToTheHeap() {
    // MixR asks for 0.3 and 0.5, all HBase allows; the heap tuner's guard needs some of it (HeapHeadroom).
    CommandLineRun run = CommandLineRun.of("--conf", conf.toString(), "tune", "recommend", "--class", "MixR");
    run.assertSucceeded();
    assertThat(run.out()).contains("note: memstore 0.3 -> ", " and block cache 0.5 -> ",
        "keeps the heap under the tuner's guard (75% in use after a collection) once both are full");
  }

  @Test
  void recommendLeavesTheFractionsTheServersRunAlreadyAsTheyAre(@TempDir Path dir) throws Exception {
    // MixRW keeps HBase's 0.4 and 0.4, which the servers run: fitting them would shrink the cache, moving nothing.
    Path json = dir.resolve("recommendation.json");
    CommandLineRun run = CommandLineRun.of("--conf", conf.toString(), "tune", "recommend", "--class", "MixRW",
        "--json", json.toString());
    run.assertSucceeded();
    assertThat(run.out()).contains("note: memstore 0.4 and block cache 0.4 are what the servers run: left as they"
        + " are").doesNotContain("keeps the heap under the tuner's guard");
    java.util.List<String> changed = new java.util.ArrayList<>();
    new ObjectMapper().readTree(json.toFile()).get("changes")
        .forEach(change -> changed.add(change.get("setting").asText()));
    assertThat(changed).doesNotContain("hfile.block.cache.size", "hbase.regionserver.global.memstore.size");
  }

  @Test
  void applyChangesTheTableAndPlansTheServersAndRollbackRestoresTheTable(Connection connection, @TempDir Path dir)
      throws Exception {
    TableName name = TestingTables.create(connection, "applied", F);
    Path audit = dir.resolve("audit.jsonl");
    String[] apply = {"--conf", conf.toString(), "tune", "apply", "--class", "RO-scan", "--table",
        name.getNameAsString(), "--audit", audit.toString()};

    CommandLineRun dryRun = CommandLineRun.of(concat(apply, "--dry-run"));
    dryRun.assertSucceeded();
    assertThat(dryRun.out()).contains("dry run");
    assertThat(blockSize(connection, name)).isEqualTo(65536);
    assertThat(audit).doesNotExist();

    CommandLineRun applied = CommandLineRun.of(apply);
    applied.assertSucceeded();
    assertThat(blockSize(connection, name)).isEqualTo(131072);
    // The embedded cluster's RegionServers are not Turbo's to restart: their settings become a plan.
    assertThat(applied.out()).contains("planned, not applied",
        "<property><name>hfile.block.cache.size</name><value>0.6</value></property>",
        "then restart the RegionServers one at a time");
    AuditLog.Entry family = entry(audit, "family " + name + ":f");
    // A new family descriptor holds HBase's defaults as values.
    assertThat(family.oldValue()).isEqualTo("65536");
    assertThat(family.newValue()).isEqualTo("131072");
    assertThat(family.status()).isEqualTo(AuditLog.Status.APPLIED);
    assertThat(entry(audit, "RegionServers").status()).isEqualTo(AuditLog.Status.PLANNED);

    CommandLineRun rollback = CommandLineRun.of("--conf", conf.toString(), "tune", "rollback", "--audit",
        audit.toString());
    rollback.assertSucceeded();
    assertThat(blockSize(connection, name)).isEqualTo(65536);

    // PCM-WO's table values were not set on the table at all: applied, then removed again by the rollback.
    CommandLineRun wo = CommandLineRun.of("--conf", conf.toString(), "tune", "apply", "--class", "WO", "--table",
        name.getNameAsString(), "--audit", audit.toString());
    wo.assertSucceeded();
    AuditLog.Entry flushSize = entry(audit, "table " + name, "MEMSTORE_FLUSHSIZE");
    assertThat(flushSize.oldValue()).isNull();
    try (Admin admin = connection.getAdmin()) {
      assertThat(admin.getDescriptor(name).getMemStoreFlushSize()).isEqualTo(Long.parseLong(flushSize.newValue()));
      assertThat(admin.getDescriptor(name).getValue("hbase.hstore.blockingStoreFiles")).isNotNull();
    }
    CommandLineRun.of("--conf", conf.toString(), "tune", "rollback", "--audit", audit.toString()).assertSucceeded();
    try (Admin admin = connection.getAdmin()) {
      assertThat(admin.getDescriptor(name).getValue("MEMSTORE_FLUSHSIZE")).isNull();
      assertThat(admin.getDescriptor(name).getValue("hbase.hstore.blockingStoreFiles")).isNull();
      assertThat(admin.getDescriptor(name).getRegionSplitPolicyClassName()).isNull();
    }
    assertThat(blockSize(connection, name)).as("an earlier rollback stays").isEqualTo(65536);
    CommandLineRun again = CommandLineRun.of("--conf", conf.toString(), "tune", "rollback", "--audit",
        audit.toString());
    assertThat(again.out()).contains("nothing to roll back");
  }

  @Test
  void watchAppliesThePolicyOfAClassOnceItHolds(Connection connection, @TempDir Path dir) throws Exception {
    TableName name = TestingTables.create(connection, "watched", F);
    try (Table table = connection.getTable(name)) {
      table.put(new Put(Bytes.toBytes("row")).addColumn(F, F, F));
    }
    Path audit = dir.resolve("audit.jsonl");
    CompletableFuture<CommandLineRun> watch = CompletableFuture.supplyAsync(() -> CommandLineRun.of("--conf",
        conf.toString(), "tune", "watch", "--table", name.getNameAsString(), "--period", "2", "--hold", "2",
        "--periods", "3", "--trial-periods", "1", "--audit", audit.toString()));
    // Point reads only, for longer than the three periods.
    try (Table table = connection.getTable(name)) {
      while (!watch.isDone()) {
        table.get(new Get(Bytes.toBytes("row")));
      }
    }
    CommandLineRun run = watch.get();
    run.assertSucceeded();
    assertThat(run.out().lines().filter(line -> line.contains(" period "))).hasSize(3)
        .satisfiesExactly(
            first -> assertThat(first).contains("period 1: RO-read", "policy in force: none yet"),
            second -> assertThat(second).contains("period 2: RO-read", "switched to the RO-read policy"),
            third -> assertThat(third).contains("period 3: RO-read"));
    assertThat(run.out()).as("each period's p99, from the latencies the servers counted").containsPattern(
        "period 3: RO-read \\(.*ops/s, p99 [0-9]+ ms\\); ");
    assertThat(entry(audit, "family " + name + ":f").workloadClass()).isEqualTo("RO-read");
    // The trial, period 3, judged throughput and p99 against period 2's; the block size is what its verdict left.
    AuditLog.Entry trial = entry(audit, "table " + name, "throughput");
    assertThat(trial.detail()).matches("throughput trial/baseline [0-9.]+, (at least|below) [0-9.]+ \\(baseline"
        + " noise [0-9.]+%, margin [0-9.]+%\\); p99 [0-9]+ ms against [0-9]+ ms, (within|above) [0-9]+ ms"
        + " \\(baseline noise 0\\.0%, margin 25\\.0%\\)");
    assertThat(run.out()).contains("the RO-read policy " + trial.status() + ": " + trial.detail());
    assertThat(trial.status()).isIn(AuditLog.Status.KEPT, AuditLog.Status.REVERTED);
    assertThat(blockSize(connection, name)).as("PCM-RO's block size for point reads, unless reverted")
        .isEqualTo(trial.status() == AuditLog.Status.KEPT ? 32768 : 65536);
  }

  /**
   * A read-only class's encoding reaches the table's files only with --compact: without it the regions do not reopen,
   * and even a major compaction would write the encoding they opened with; with it they reopen and a major compaction
   * rewrites every file with the policy's, whether this apply set the encoding or an earlier one did.
   */
  @Test
  void applyWithCompactRewritesAReadOnlyTablesFilesWithThePolicysEncoding(Connection connection,
      EmbeddedHBaseCluster cluster, @TempDir Path dir) throws Exception {
    TableName name = TestingTables.create(connection, "rewritten", F, Bytes.toBytes("row-5"));
    try (Table table = connection.getTable(name); Admin admin = connection.getAdmin()) {
      for (int row = 0; row < 10; row++) {
        table.put(new Put(Bytes.toBytes("row-" + row)).addColumn(F, Bytes.toBytes("q"), Bytes.toBytes(row)));
      }
      admin.flush(name);
    }
    Path policies = userPolicy(dir, "RO-read", "settings:\n  DATA_BLOCK_ENCODING: ROW_INDEX_V1\n");
    Path audit = dir.resolve("audit.jsonl");
    String[] apply = {"--conf", conf.toString(), "tune", "apply", "--class", "RO-read", "--policy",
        policies.toString(), "--table", name.getNameAsString(), "--audit", audit.toString()};

    CommandLineRun plain = CommandLineRun.of(apply);
    plain.assertSucceeded();
    assertThat(plain.out()).contains("without reopening its regions").doesNotContain("major compaction");
    assertThat(encodings(cluster, name)).as("the files as they were flushed").containsExactly("NONE", "NONE");

    // The table has the encoding now, its files and its open regions not: they reopen, then the files are rewritten.
    String had = name + " had the policy's file values before this apply, and its files may predate them";
    CommandLineRun dryRun = CommandLineRun.of(concat(apply, "--compact", "--dry-run"));
    dryRun.assertSucceeded();
    assertThat(dryRun.out()).contains("--compact: would reopen the regions of " + name + " (" + had
        + ") and major-compact " + name);
    assertThat(encodings(cluster, name)).containsExactly("NONE", "NONE");
    CommandLineRun setBefore = CommandLineRun.of(concat(apply, "--compact"));
    setBefore.assertSucceeded();
    assertThat(setBefore.out()).contains("--compact: " + had + ": reopening its regions",
        "major compaction of " + name + " done in", "every region's files rewritten with the policy's values");
    assertThat(encodings(cluster, name)).containsExactly("ROW_INDEX_V1", "ROW_INDEX_V1");

    // An encoding this apply sets: its table modification reopens the regions.
    userPolicy(dir, "RO-read", "settings:\n  DATA_BLOCK_ENCODING: FAST_DIFF\n");
    CommandLineRun setNow = CommandLineRun.of(concat(apply, "--compact"));
    setNow.assertSucceeded();
    assertThat(setNow.out()).contains("modifying table " + name + " (its regions reopen, flushing their memstores)",
        "major compaction of " + name + " done in").doesNotContain("reopening its regions");
    assertThat(encodings(cluster, name)).containsExactly("FAST_DIFF", "FAST_DIFF");

    // A policy that sets only a value no file carries leaves the files as they are.
    userPolicy(dir, "RO-read", "settings:\n  hbase.hregion.memstore.flush.size: 268435456\n");
    CommandLineRun flushSizeOnly = CommandLineRun.of(concat(apply, "--compact"));
    flushSizeOnly.assertSucceeded();
    assertThat(entry(audit, "table " + name, "MEMSTORE_FLUSHSIZE").status()).isEqualTo(AuditLog.Status.APPLIED);
    assertThat(flushSizeOnly.out()).contains("--compact: the policy sets no value files are written with")
        .doesNotContain("major compaction of");
  }

  /**
   * A table whose descriptor disables compactions would take --compact's request and compact nothing, and the command
   * would wait out its --compact-timeout; a disabled table has no region to compact: each is refused first, its
   * policy not applied.
   */
  @Test
  void applyWithCompactRefusesATableThatCannotCompactBeforeChangingIt(Connection connection,
      @TempDir Path dir) throws Exception {
    TableName name = TestingTables.create(connection, "uncompacted", F);
    try (Admin admin = connection.getAdmin()) {
      admin.modifyTable(TableDescriptorBuilder.newBuilder(admin.getDescriptor(name)).setCompactionEnabled(false)
          .build());
    }
    Path policies = userPolicy(dir, "RO-read", "settings:\n  BLOCKSIZE: 32768\n");

    assertRefused(CommandLineRun.of("--conf", conf.toString(), "tune", "apply", "--class", "RO-read", "--policy",
        policies.toString(), "--table", name.getNameAsString(), "--audit", dir.resolve("audit.jsonl").toString(),
        "--compact"), "turbo: --compact: table '" + name.getNameAsString() + "' has compactions disabled"
            + " (COMPACTION_ENABLED => false), so its files cannot be rewritten; enable them (HBase shell: alter '"
            + name.getNameAsString() + "', COMPACTION_ENABLED => true) or leave out --compact. Nothing was modified");
    assertThat(blockSize(connection, name)).isEqualTo(65536);
    assertThat(dir.resolve("audit.jsonl")).doesNotExist();

    // A disabled table has no open region to compact.
    TableName disabled = TestingTables.create(connection, "disabled", F);
    try (Admin admin = connection.getAdmin()) {
      admin.disableTable(disabled);
      try {
        assertRefused(CommandLineRun.of("--conf", conf.toString(), "tune", "apply", "--class", "RO-read", "--policy",
            policies.toString(), "--table", disabled.getNameAsString(), "--audit",
            dir.resolve("audit.jsonl").toString(), "--compact"), "turbo: --compact: table '"
                + disabled.getNameAsString() + "' is disabled, so its files cannot be rewritten; enable it (HBase"
                + " shell: enable '" + disabled.getNameAsString() + "') or leave out --compact. Nothing was modified");
        assertThat(blockSize(connection, disabled)).isEqualTo(65536);
      } finally {
        admin.enableTable(disabled);
      }
    }
  }

  /** The data block encoding each store file of {@code table} was written with, as the file itself records it. */
  private static List<String> encodings(EmbeddedHBaseCluster cluster, TableName table) throws IOException {
    List<String> encodings = new ArrayList<>();
    for (HRegionServer server : cluster.regionServers()) {
      for (HRegion region : server.getRegions(table)) {
        for (HStoreFile file : region.getStore(F).getStorefiles()) {
          encodings.add(file.getReader().getHFileReader().getDataBlockEncoding().name());
        }
      }
    }
    return encodings;
  }

  @Test
  void applyOfBlPreSplitsAnEmptyTableAtItsKeysQuantilesOverBothServersAndRollbackKeepsIt(Connection connection,
      @TempDir Path dir) throws Exception {
    TableName name = TestingTables.create(connection, "presplit", F);
    Path audit = dir.resolve("audit.jsonl");

    CommandLineRun applied = CommandLineRun.of("--conf", conf.toString(), "tune", "apply", "--class", "BL",
        "--table", name.getNameAsString(), "--key-format", "ycsb-hashed", "--key-count", "100000", "--audit",
        audit.toString());

    applied.assertSucceeded();
    List<String> starts = new ArrayList<>(List.of(""));
    new YcsbKeys(0, 100_000, true, 1).splitPoints(BL_REGIONS).forEach(point -> starts.add(Bytes.toString(point)));
    assertThat(regions(connection, name)).extracting(location -> Bytes.toString(location.getRegion().getStartKey()))
        .as("BL's regions, cut at the keys' quantiles").containsExactlyElementsOf(starts);
    assertThat(regions(connection, name).stream().collect(Collectors.groupingBy(HRegionLocation::getServerName,
        Collectors.counting())).values()).as("regions per RegionServer").containsExactly(4L, 4L);
    AuditLog.Entry split = entry(audit, "table " + name, Recommender.PRESPLIT);
    assertThat(split.status()).isEqualTo(AuditLog.Status.APPLIED);
    assertThat(split.newValue()).isEqualTo(BL_REGIONS + " regions");

    CommandLineRun rollback = CommandLineRun.of("--conf", conf.toString(), "tune", "rollback", "--audit",
        audit.toString());
    rollback.assertSucceeded();
    assertThat(rollback.out()).contains("kept: the pre-split of table " + name + ": splits are not undone");
    assertThat(regions(connection, name)).hasSize(BL_REGIONS);
  }

  @Test
  void applyOfBlLeavesATableWithDataUnsplitAndAuditsWhy(Connection connection, @TempDir Path dir) throws Exception {
    TableName name = TestingTables.create(connection, "loaded", F);
    try (Table table = connection.getTable(name)) {
      table.put(new Put(Bytes.toBytes("user1")).addColumn(F, F, F));
    }
    Path audit = dir.resolve("audit.jsonl");

    CommandLineRun applied = CommandLineRun.of("--conf", conf.toString(), "tune", "apply", "--class", "BL",
        "--table", name.getNameAsString(), "--key-format", "ycsb-hashed", "--key-count", "100000", "--audit",
        audit.toString());

    applied.assertSucceeded();
    assertThat(regions(connection, name)).hasSize(1);
    AuditLog.Entry split = entry(audit, "table " + name, Recommender.PRESPLIT);
    assertThat(split.status()).isEqualTo(AuditLog.Status.REFUSED);
    // BL's table values came first: reopening the region flushed the row into a store file.
    assertThat(split.detail()).startsWith("the table is not empty (its region has 1 store file(s), ")
        .endsWith("); a pre-split changes only an empty table");
    assertThat(applied.out()).contains("refused: pre-split of table " + name);
  }

  private static List<HRegionLocation> regions(Connection connection, TableName name) throws Exception {
    try (RegionLocator locator = connection.getRegionLocator(name)) {
      return locator.getAllRegionLocations();
    }
  }

  private static int blockSize(Connection connection, TableName name) throws Exception {
    try (Admin admin = connection.getAdmin()) {
      return admin.getDescriptor(name).getColumnFamily(F).getBlocksize();
    }
  }

  /** What the audit log knows now of the first value it has for {@code target}. */
  private static AuditLog.Entry entry(Path audit, String target) throws Exception {
    return entry(audit, target, null);
  }

  /** What the audit log knows now of the first value it has for {@code target} and, unless null, {@code key}. */
  private static AuditLog.Entry entry(Path audit, String target, String key) throws Exception {
    for (AuditLog.Entry entry : new AuditLog(audit).latest()) {
      if (entry.target().toString().equals(target) && (key == null || entry.key().equals(key))) {
        return entry;
      }
    }
    throw new AssertionError("no audit entry for " + target + " " + key + " in " + audit);
  }

  /** A directory of one user policy of {@code policyClass} for a 1 GB heap, with {@code rest} after its header. */
  private static Path userPolicy(Path dir, String policyClass, String rest) throws IOException {
    Path policies = Files.createDirectories(dir.resolve("user-policies"));
    Files.writeString(policies.resolve(policyClass + ".yaml"), "class: " + policyClass
        + "\nsource: the test's\nheap_gb: 1\n" + rest);
    return policies;
  }

  private static String[] concat(String[] args, String... more) {
    String[] all = java.util.Arrays.copyOf(args, args.length + more.length);
    System.arraycopy(more, 0, all, args.length, more.length);
    return all;
  }

  /**
   * A calibration at the smallest scale: RO-read's two candidates (the paper's block size, and a row index, as two
   * copies of the records fit in the block caches) against the defaults and their A/A copy, each run beside the
   * pacer, for two rounds; a policy file that loads, the measurements, nothing left behind. RO-scan, after it,
   * fails (a table of its A/A arm's name is in the way): it is reported, RO-read's file is still written, and the
   * command exits 1.
   */
  @Test
  void calibrateMeasuresTheCandidatesAgainstTheDefaultsAndWritesAPolicyThatLoads(Connection connection,
      @TempDir Path dir) throws Exception {
    TableName inTheWay = TableName.valueOf("turbo_calibration_ro_scan_aa");
    try (Admin admin = connection.getAdmin()) {
      admin.createTable(TableDescriptorBuilder.newBuilder(inTheWay)
          .setColumnFamily(ColumnFamilyDescriptorBuilder.of(F)).build());
    }
    CommandLineRun run;
    try {
      run = CommandLineRun.of("--conf", conf.toString(), "tune", "calibrate", "--class", "RO-read,RO-scan",
          "--records", "2000", "--run-time", "1s", "--threads", "2", "--warmup", "500", "--warmup-quiet",
          "0", "--budget", "5", "--max-rounds", "2", "--out", dir.toString());
    } finally {
      try (Admin admin = connection.getAdmin()) {
        admin.disableTable(inTheWay);
        admin.deleteTable(inTheWay);
      }
    }
    assertThat(run.exitCode()).as(run.err()).isEqualTo(1);
    assertThat(run.err()).contains("the calibration of RO-scan failed");
    assertThat(run.out()).contains("s of the budget left for 2 classes, split by what each needs for 5 rounds of its"
        + " table settings and its heap fractions, by estimate: RO-read ", "MiB a copy, and the RegionServers' block"
        + " caches, ", "an arm's copy and the pacer's fit in them together; a row index (ROW_INDEX_V1) is tried",
        "RO-read: 4 arms (the defaults, their A/A copy and 2 candidates), each run beside a pacer",
        "the pacer, which every arm runs beside: a copy of the records as", "round 1:", "RO-scan FAILED: ",
        "the classes ended ", "s of its 300 s budget");

    JsonNode calibration = new ObjectMapper().readTree(dir.resolve("calibration.json").toFile());
    assertThat(calibration.get("warmup_operations_per_client_jvm").asInt()).isEqualTo(500);
    double ended = calibration.get("classes_ended_seconds").asDouble();
    assertThat(ended).as("when the classes ended, from the command's start").isPositive()
        .isLessThan(calibration.get("budget_seconds").asDouble());
    assertThat(calibration.get("classes_deadline_seconds").asDouble()).as("the budget less what it keeps after them")
        .isPositive().isLessThan(calibration.get("budget_seconds").asDouble());
    assertThat(calibration.get("failed_classes").get("RO-scan").asText()).contains(inTheWay.getNameAsString());
    assertThat(calibration.get("classes")).hasSize(1);
    JsonNode calibrated = calibration.get("classes").get(0);
    assertThat(calibrated.get("workload_class").asText()).isEqualTo("RO-read");
    int rounds = calibrated.get("rounds").asInt();
    assertThat(rounds).as("measured rounds, at most --max-rounds").isEqualTo(2);
    JsonNode arms = calibrated.get("arms");
    assertThat(arms.get("defaults").get("ratios")).as("the defaults against themselves").hasSize(rounds)
        .allSatisfy(ratio -> assertThat(ratio.asDouble()).isEqualTo(1.0));
    assertThat(arms.get("defaults A/A").get("ratios")).hasSize(rounds)
        .allSatisfy(ratio -> assertThat(ratio.asDouble()).isPositive());
    assertThat(arms.get("paper").get("values").get("BLOCKSIZE").asText()).isEqualTo("32768");
    assertThat(arms.get("paper").get("ratios")).hasSize(rounds);
    assertThat(arms.get("ROW_INDEX_V1").get("values").get("DATA_BLOCK_ENCODING").asText()).isEqualTo("ROW_INDEX_V1");
    assertThat(arms.get("ROW_INDEX_V1").get("ratios")).hasSize(rounds);
    assertThat(calibrated.get("reason").asText()).isNotBlank();
    assertThat(calibrated.get("heap_fractions").get("reason").asText()).as("a cluster of --conf")
        .startsWith("measured only on a process cluster the calibration starts");

    var policy = PolicyLoader.withOverrides(dir.resolve("policies"))
        .get(WorkloadClass.RO_READ);
    // What the cluster was, not its run's processes and ports, which the file outlives.
    assertThat(policy.source()).startsWith("calibrated on the cluster at ZooKeeper ").contains(", HBase 2.")
        .doesNotContain("pids");
    assertThat(dir.resolve("policies").resolve("RO-scan.yaml")).doesNotExist();
    try (Admin admin = connection.getAdmin()) {
      assertThat(admin.listTableNames()).noneMatch(table -> table.getNameAsString().startsWith("turbo_calibration"));
      assertThat(admin.listSnapshots()).noneMatch(snapshot -> snapshot.getName().startsWith("turbo_calibration"));
    }
  }

  /**
   * A copy written anew for one class (RO-read's paper block size, 32 KB, major-compacted) is not written again for a
   * later class of the same values (RO-scan, given 32 KB by a policy file here): its copy is cloned from the first's
   * files. Both classes are measured, and nothing is left behind, the snapshot that kept those files included.
   */
  @Test
  void calibrateWritesACopyOfTheSameValuesOnceForEveryClass(Connection connection, @TempDir Path dir)
      throws Exception {
    Path policy = dir.resolve("RO-scan.yaml");
    Files.writeString(policy, "class: RO-scan\nheap_gb: 1\nsettings:\n  BLOCKSIZE: 32k\n");
    CommandLineRun run = CommandLineRun.of("--conf", conf.toString(), "tune", "calibrate", "--class",
        "RO-read,RO-scan", "--policy", policy.toString(), "--records", "2000", "--run-time", "1s", "--threads", "2",
        "--warmup", "500", "--warmup-quiet", "0", "--budget", "5", "--max-rounds", "1", "--out",
        dir.resolve("out").toString());

    run.assertSucceeded();
    assertThat(run.out()).containsOnlyOnce("major-compacting turbo_calibration_ro_read_c0")
        .doesNotContain("major-compacting turbo_calibration_ro_scan")
        .contains("major-compacting turbo_calibration_ro_read_c0, so that its files are written as its BLOCKSIZE says",
            "major-compacting turbo_calibration_ro_read_c1, so that its files are written as its DATA_BLOCK_ENCODING"
                + " says", "turbo_calibration_ro_scan_c0: cloned from the files an earlier class's copy of the same"
                + " values was written with, not compacted again");
    JsonNode classes = new ObjectMapper().readTree(dir.resolve("out").resolve("calibration.json").toFile())
        .get("classes");
    assertThat(classes).hasSize(2);
    for (JsonNode calibrated : classes) {
      assertThat(calibrated.get("arms").get("paper").get("values").get("BLOCKSIZE").asText()).isEqualTo("32768");
      assertThat(calibrated.get("arms").get("paper").get("ratios")).hasSize(1);
    }
    try (Admin admin = connection.getAdmin()) {
      assertThat(admin.listTableNames()).noneMatch(table -> table.getNameAsString().startsWith("turbo_calibration"));
      assertThat(admin.listSnapshots()).noneMatch(snapshot -> snapshot.getName().startsWith("turbo_calibration"));
    }
  }

  /**
   * On a process cluster it starts, calibrate measures a class's heap fractions side by side: two copies, one on each
   * RegionServer, the fractions swapped between a round's two runs; with one round, too few to choose them, the
   * policy file has HBase's, fitted as the rounds ran them.
   */
  @Test
  void calibrateOnAProcessClusterMeasuresTheHeapFractionsOnTwoServersSideBySide(@TempDir Path dir) throws Exception {
    Path policies = userPolicy(dir, "RO-read",
        "settings:\n  hbase.regionserver.global.memstore.size: 0.2\n  hfile.block.cache.size: 0.4\n");
    // The heap tuner every 2 s, not the process cluster's 10: each of the round's swaps, and the fractions' return
    // after it, is in force within a period (the command took 84 s instead of 98 s, alone on 2026-12-07).
    Path site = SiteFiles.write(dir.resolve("tuner-period.xml"),
        Map.of("hbase.regionserver.heapmemory.tuner.period", "2000"));
    Path out = dir.resolve("out");
    CommandLineRun run = CommandLineRun.of("tune", "calibrate", "--cluster", "processes", "--rs-heap", "384m",
        "--site", site.toString(), "--class", "RO-read", "--policy", policies.toString(), "--records", "2000",
        "--run-time", "1s", "--threads", "2", "--warmup", "500", "--warmup-quiet", "0", "--budget", "5",
        "--max-rounds", "1", "--out", out.toString());

    run.assertSucceeded();
    // HBase's 0.4 and 0.4 take more than a 1 GB policy heap leaves them (0.625 together): fitted, as a policy is,
    // to 0.3125 each (0.312 as the double comes out).
    assertThat(run.out()).contains("RO-read: 3 arms (the defaults, their A/A copy and 1 candidate)",
        "heap fractions: memstore 0.2, block cache 0.4 against HBase's as a policy gives them, memstore 0.312,"
            + " block cache 0.312", "so that RegionServer 0 holds them all", "so that RegionServer 1 holds them all",
        "heap round 1: ").as("both servers got back the fractions they began with").doesNotContain("WARNING");
    JsonNode heap = new ObjectMapper().readTree(out.resolve("calibration.json").toFile()).get("classes").get(0)
        .get("heap_fractions");
    assertThat(heap.get("run_ratios")).as("the round's two runs, the fractions swapped").hasSize(2)
        .allSatisfy(ratio -> assertThat(ratio.asDouble()).isPositive());
    assertThat(heap.get("ratios")).hasSize(1);
    assertThat(heap.get("verdict").asText()).isEqualTo("HBASE");
    assertThat(heap.get("reason").asText()).startsWith("median ").contains(" over 1 round (p99 ",
        "over 5 rounds at least); the rounds ended when the class had its 1 rounds (--max-rounds)");
    var values = PolicyLoader.withOverrides(out.resolve("policies")).get(WorkloadClass.RO_READ)
        .evaluate(new PolicyEnvironment(24, 2, 2, 1e9, 4)).values();
    assertThat(values.get(PolicySetting.MEMSTORE)).as("HBase's, fitted as measured").isEqualTo("0.312");
    assertThat(values.get(PolicySetting.BLOCK_CACHE)).isEqualTo("0.312");
  }

  /**
   * A candidate that defers its flushes is not chosen, whatever its rounds measured: on a cluster that flushes a
   * region at 2 MiB, a user's WO policy of a 512 MiB flush size holds more in its memstores after the rounds than
   * the defaults' copy could, which the measurements report, and HBase's defaults stay. (Its rounds may beat the
   * defaults', which flush every 200 updates of 10 KB here; the reason then names it.) The copy must not reach its
   * flush size, or what it holds at the end is only what it wrote since its last flush, at times less than the
   * defaults' (CI, 2026-12-04, with 64 MiB and 3 s runs: an idle host wrote 30 MB/s, and flushed the copy every few
   * seconds). Runs of 1 s on a 2 GiB heap: 280 MB written into the copy on an idle host, a third of the memstores'
   * limit and half a region's flush size.
   */
  @Test
  void calibrateDoesNotChooseACandidateThatDeferredItsFlushes(@TempDir Path dir) throws Exception {
    Path policies = userPolicy(dir, "WO", "settings:\n  hbase.hregion.memstore.flush.size: 512m\n");
    Path site = SiteFiles.write(dir.resolve("small-flushes.xml"),
        Map.of("hbase.hregion.memstore.flush.size", "2097152"));
    Path out = dir.resolve("out");
    CommandLineRun run = CommandLineRun.of("tune", "calibrate", "--cluster", "processes", "--regionservers", "1",
        "--rs-heap", "2g", "--site", site.toString(), "--class", "WO-update", "--policy", policies.toString(),
        "--records", "2000", "-p", "fieldlength=1000", "-p", "writeallfields=true", "--run-time", "1s", "--threads",
        "2", "--warmup", "500", "--warmup-quiet", "0", "--budget", "5", "--max-rounds", "5", "--out",
        out.toString());

    run.assertSucceeded();
    JsonNode calibrated = new ObjectMapper().readTree(out.resolve("calibration.json").toFile()).get("classes")
        .get(0);
    assertThat(calibrated.get("rounds").asInt()).as("the fewest a choice rests on").isEqualTo(5);
    JsonNode arms = calibrated.get("arms");
    assertThat(arms.get("defaults").get("deferred_flush_bytes").asLong()).isZero();
    assertThat(arms.get("paper").get("memstore_bytes").asLong()).as("the 512 MiB copy's memstores, over its 2 regions")
        .isGreaterThan(2 * (2L << 20));
    assertThat(arms.get("paper").get("deferred_flush_bytes").asLong()).as(run.out()).isPositive();
    assertThat(calibrated.get("chosen").asText()).as(calibrated.get("reason").asText()).isEqualTo("defaults");
    // The judge's rule, from what the JSON reports: the paper arm, the only candidate, ran every round (an odd
    // count), so its margin is the A/A arm's and its p99 median the middle one.
    List<Double> p99 = new ArrayList<>();
    arms.get("paper").get("p99_ratios").forEach(ratio -> p99.add(ratio.asDouble()));
    p99.sort(null);
    boolean beat = arms.get("paper").get("median").asDouble() > 1 + calibrated.get("margin").asDouble()
        && p99.get(p99.size() / 2) <= 1.25;
    if (beat) {
      assertThat(calibrated.get("reason").asText()).startsWith("paper beat the defaults").contains("deferred flushes");
    }
  }

  /**
   * A bulk load's calibration at the smallest scale, from a policy of the user's that pre-splits into one region a
   * server and sets no table value: its arms are empty tables of 1, 2 (the policy's) and 4 regions, made empty again
   * before each run; one measured round; a policy file whose pre-split is the measured one; nothing left behind.
   */
  @Test
  void calibrateABulkLoadOnEmptyTablesSplitAsEachArmAsks(Connection connection, @TempDir Path dir)
      throws Exception {
    Path policies = userPolicy(dir, "BL",
        "presplit_regions_per_server: 1\nsettings:\n  hbase.hregion.memstore.flush.size: 128m\n");
    Path out = dir.resolve("out");
    CommandLineRun run = CommandLineRun.of("--conf", conf.toString(), "tune", "calibrate", "--class", "BL",
        "--policy", policies.toString(), "--records", "2000", "--run-time", "1s", "--threads", "2", "--warmup",
        "500", "--warmup-quiet", "0", "--budget", "5", "--max-rounds", "1", "--out", out.toString());

    run.assertSucceeded();
    int servers;
    try (Admin admin = connection.getAdmin()) {
      servers = admin.getRegionServers().size();
    }
    assertThat(run.out()).contains("BL: 4 arms (the defaults, their A/A copy and 2 candidates)",
        "the pacer, which every arm runs beside: an empty table",
        "defaults: an empty table, turbo_calibration_bl_defaults, of 1 region, emptied again before each of its runs",
        "paper: an empty table, turbo_calibration_bl_c0, of " + servers + " regions",
        "pre-split 2 a server: an empty table, turbo_calibration_bl_c1, of " + 2 * servers + " regions")
        .doesNotContain("a round to warm every arm");
    JsonNode calibrated = new ObjectMapper().readTree(out.resolve("calibration.json").toFile()).get("classes")
        .get(0);
    assertThat(calibrated.get("workload_class").asText()).isEqualTo("BL");
    assertThat(calibrated.get("rounds").asInt()).isEqualTo(1);
    assertThat(calibrated.get("arms").fieldNames()).toIterable().containsExactly("defaults", "defaults A/A",
        "paper", "pre-split 2 a server");
    assertThat(calibrated.get("arms")).allSatisfy(arm -> assertThat(arm.get("throughputs")).singleElement()
        .satisfies(inserts -> assertThat(inserts.asDouble()).as("inserts a second").isPositive()));
    var policy = PolicyLoader.withOverrides(out.resolve("policies"))
        .get(WorkloadClass.BL);
    assertThat(policy.source()).startsWith("calibrated on ").endsWith("from the test's");
    assertThat(policy.presplitRegionsPerServer().map(Object::toString).orElse("none"))
        .as("the chosen arm's pre-split").isEqualTo(switch (calibrated.get("chosen").asText()) {
          case "paper" -> "1";
          case "pre-split 2 a server" -> "2";
          default -> "none";
        });
    try (Admin admin = connection.getAdmin()) {
      assertThat(admin.listTableNames()).noneMatch(table -> table.getNameAsString().startsWith("turbo_calibration"));
    }
  }

  @Test
  void policyFilesAndClassesAreCheckedBeforeAnythingIsRead(@TempDir Path dir) throws Exception {
    assertRefused(CommandLineRun.of("--conf", conf.toString(), "tune", "recommend", "--class", "XL"),
        "turbo: --class 'XL' is not a workload class; expected one of BL, WO, WM, MixW, MixRW, MixR, RM, RO-read,"
            + " RO-scan");
    Path policy = dir.resolve("bad.yaml");
    Files.writeString(policy, "class: WO\nheap_gb: 1\nsettings:\n  hbase.hstore.compaction.min: 12\n");
    assertRefused(CommandLineRun.of("--conf", conf.toString(), "tune", "recommend", "--class", "WO", "--policy",
        policy.toString()), "turbo: " + policy + ", line 4: hbase.hstore.compaction.min=12 is above"
        + " hbase.hstore.compaction.max=10, so HBase would never choose a minor compaction; raise"
        + " hbase.hstore.compaction.max too");
  }

  @Test
  void statusRefusesWhatItCannotWatch() {
    assertRefused(CommandLineRun.of("tune", "status"), "turbo: 'tune status' works on a running cluster; give its"
        + " client configuration with --conf DIR (for a local one: './turbo cluster start --data DIR' writes"
        + " DIR/client-conf)");
    assertRefused(CommandLineRun.of("--conf", conf.toString(), "tune", "status", "--window", "0"), null);
    assertRefused(CommandLineRun.of("--conf", conf.toString(), "tune", "status", "--table", "no_such_table"),
        "turbo: table 'no_such_table' does not exist on the cluster");
  }
}
