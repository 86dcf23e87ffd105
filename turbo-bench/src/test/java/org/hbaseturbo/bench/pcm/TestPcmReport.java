package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.bench.report.Latency;
import org.hbaseturbo.bench.report.RatioTable;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.bench.ycsb.ServerWarmUp;
import org.hbaseturbo.client.stats.RegionServerState;
import org.hbaseturbo.client.stats.WorkloadReading;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.report.JsonFiles;
import org.hbaseturbo.report.chart.CategoryGrid;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The PCM report's arithmetic: speedups, the servers' activity between two readings, JSON and charts. */
class TestPcmReport {
  private static final long GB = 1L << 30;

  @Test
  void speedupsArePcmsThroughputOverEachPeers() throws Exception {
    PcmReport report = report(List.of(100.0, 200.0, 210.0, 250.0, 400.0, 440.0));

    assertThat(PcmTables.speedup(report, "RO-read", PcmVariant.DEFAULTS_1G)).contains(4.0);
    assertThat(PcmTables.speedup(report, "RO-read", PcmVariant.DEFAULTS)).contains(2.0);
    assertThat(PcmTables.speedup(report, "RO-read", PcmVariant.HBASE_TUNER)).contains(1.6);
    assertThat(PcmTables.speedup(report, "MixW", PcmVariant.DEFAULTS)).isEmpty();
    assertThat(PcmTables.render(report)).contains("4.00x", "2.00x", "1.60x", "A/A: defaults again / defaults",
        "1.05x");
  }

  /** The calibrated policies against every stock variant, as PCM's are, and against PCM's. */
  @Test
  void theCalibratedPoliciesAreComparedWithTheStockVariantsAndWithPcm() {
    String speedups = PcmTables.speedups(report(List.of(100.0, 200.0, 210.0, 250.0, 400.0, 440.0)));

    assertThat(speedups).contains("PCM / defaults", "calibrated / defaults 1g", "calibrated / defaults",
        "calibrated / HBase tuner", "calibrated / PCM", "4.40x", "2.20x", "1.76x", "1.10x")
        .doesNotContain("PCM / calibrated", "calibrated / defaults again");
  }

  /** Each run of the shifting mix that applied policies, against the dry run, phase by phase. */
  @Test
  void theAdaptivityTableComparesEveryRunThatAppliedPoliciesWithTheDryRun() {
    AdaptivityResult adaptivity = AdaptivityResult.of(Map.of(), List.of(adaptivityRun("defaults", 1, 100, 200),
        adaptivityRun("PCM", 1, 120, 190), adaptivityRun("calibrated", 1, 130, 210)));

    assertThat(PcmTables.adaptivity(adaptivity)).contains("load: PCM 1.20x defaults, calibrated 1.30x defaults",
        "reads: PCM 0.95x defaults, calibrated 1.05x defaults", "servers' JIT ms/s", "37.4", "n/a");
  }

  /**
   * In rounds, each run's phase is paired with the same round's dry run: a slow round of the host slows both and
   * cancels out. The second dry run, the A/A pair, is compared like any other run, and the table says what it is.
   */
  @Test
  void theAdaptivityRatiosAreTheMedianOfRoundByRoundRatiosToTheDryRun() {
    AdaptivityResult adaptivity = AdaptivityResult.of(Map.of(), List.of(adaptivityRun("defaults", 1, 100, 200),
        adaptivityRun("defaults", 2, 50, 100), adaptivityRun("defaults", 3, 100, 100),
        adaptivityRun("defaults again", 1, 110, 200), adaptivityRun("defaults again", 2, 45, 100),
        adaptivityRun("defaults again", 3, 100, 100),
        adaptivityRun("PCM", 1, 90, 220), adaptivityRun("PCM", 2, 60, 100), adaptivityRun("PCM", 3, 120, 95)));

    assertThat(adaptivity.ratios()).filteredOn(r -> r.phase().equals("load") && r.run().equals("PCM"))
        .singleElement().satisfies(r -> {
          assertThat(r.dryRun()).isEqualTo("defaults");
          assertThat(r.ratio().perRun()).containsExactly(0.9, 1.2, 1.2);
          assertThat(r.ratio().median()).isEqualTo(1.2);
        });
    assertThat(PcmTables.adaptivity(adaptivity)).contains(
        "load: defaults again 1.00x (0.90-1.10) defaults, PCM 1.20x (0.90-1.20) defaults",
        "reads: defaults again 1.00x (1.00-1.00) defaults, PCM 1.00x (0.95-1.10) defaults",
        "defaults again: a second dry run, the A/A pair");
  }

  private static AdaptivityResult.Run adaptivityRun(String name, int round, double load, double reads) {
    return new AdaptivityResult.Run(name, round, new ServerWarmUp.Outcome(2, true, 1.5), List.of(
        new AdaptivityResult.Phase("load", "BL", 0, 10_000, (long) load * 10, load, 0, 2.0, 4.0, null, null,
            List.of(), List.of(), null),
        new AdaptivityResult.Phase("reads", "RO-read", 10_000, 10_000, (long) reads * 10, reads, 0, 2.0, 4.0, 6.0,
            37.4, List.of(), List.of(), 4.5)), List.of(), List.of());
  }

  /**
   * Rounds pair up: round i of PCM over round i of the defaults, whatever each variant's median. A drift that slows
   * every variant in one round cancels out of that round's ratio.
   */
  @Test
  void ratiosAreTheMedianOfRoundByRoundRatiosWithTheirRange() {
    PcmReport report = new PcmReport("pcm", Map.of(), Map.of(), Map.of(), List.of(
        result(PcmVariant.DEFAULTS, 100, 50, 200), result(PcmVariant.DEFAULTS_AGAIN, 110, 45, 190),
        result(PcmVariant.PCM, 90, 60, 180)), null);

    RatioTable.Ratio pcm = PcmTables.ratio(report, "RO-read", PcmVariant.PCM, PcmVariant.DEFAULTS).orElseThrow();
    assertThat(pcm.perRun()).containsExactly(0.9, 1.2, 0.9);
    assertThat(pcm.median()).isEqualTo(0.9);
    assertThat(pcm.range()).isEqualTo("0.90-1.20");
    // The A/A pair: 1.10, 0.90 and 0.95.
    assertThat(PcmTables.render(report)).contains("0.90x", "0.90-1.20", "0.95x", "0.90-1.10")
        .doesNotContain("HBase tuner");
  }

  @Test
  void theServersActivityIsWhatTheirCountersGrewByAndTheirStateAtTheEnd() {
    WorkloadReading before = reading(state("rs1", 100, 10, 0, 50, 50, 3), state("rs2", 0, 0, 0, 0, 0, 2));
    WorkloadReading after = reading(state("rs1", 300, 40, 5, 150, 50, 4),
        // rs3 started since: its counters count from 0.
        state("rs3", 10, 0, 0, 30, 10, 1));

    ServerActivity activity = ServerActivity.between(before, after);

    assertThat(activity).isEqualTo(new ServerActivity(210, 30, 5, 130, 10, 5, 2 * GB, 2 * GB));
    assertThat(activity.blockCacheHitRatio()).isEqualTo(130.0 / 140);
    assertThat(activity.then(activity).flushedBytes()).isEqualTo(420);
    assertThat(new ServerActivity(0, 0, 0, 0, 0, 0, 0, 0).blockCacheHitRatio()).isNaN();
  }

  @Test
  void theServersTableGivesEachRoundsBlockCacheHitRatio() {
    assertThat(PcmTables.render(report(List.of(100.0, 200.0, 210.0, 250.0, 400.0, 440.0))))
        .contains("cache hit, by round", "0.900 0.990 n/a");
  }

  @Test
  void theReportRoundTripsThroughJsonAndDrawsItsCharts(@TempDir Path dir) throws Exception {
    PcmReport report = report(List.of(100.0, 200.0, 210.0, 250.0, 400.0, 440.0));
    Path json = dir.resolve("pcm.json");
    JsonFiles.write(json, report);

    assertThat(JsonFiles.read(json, PcmReport.class)).isEqualTo(report);
    // A report written before the rounds' activity was kept reads back with none.
    ObjectMapper mapper = new ObjectMapper();
    JsonNode tree = mapper.readTree(json.toFile());
    tree.get("results").forEach(result -> ((ObjectNode) result).remove("server_rounds"));
    Path older = dir.resolve("older.json");
    mapper.writeValue(older.toFile(), tree);
    PcmReport olderReport = JsonFiles.read(older, PcmReport.class);
    assertThat(olderReport.results()).allSatisfy(result -> assertThat(result.serverRounds()).isEmpty());
    assertThat(PcmTables.render(olderReport)).as("the rounds' hit ratio together, 189 hits of 200").contains("0.945")
        .doesNotContain("0.900 0.990");
    assertThat(PcmCharts.write(report, dir, "pcm")).containsExactly(dir.resolve("pcm-throughput.png"));
    assertThat(Files.size(dir.resolve("pcm-throughput.png"))).isPositive();
  }

  @Test
  void aClassIsDrawnAsItsVariantsBarsEachWithItsRatioToTheDefaultsAtTheSameHeap() {
    CategoryGrid grid = PcmCharts.throughput(report(List.of(100.0, 200.0, 210.0, 250.0, 400.0, 440.0)), "RO-read");

    assertThat(grid.categories()).containsExactly("RO-read");
    assertThat(grid.series()).containsExactly("defaults 1g", "defaults", "defaults again", "HBase tuner", "PCM",
        "calibrated");
    assertThat(grid.series().stream().map(variant -> grid.label("RO-read", variant)))
        .containsExactly("0.50x", "1x", "1.05x", "1.25x", "2.00x", "2.20x");
  }

  @Test
  void classesAreNamedAsThePaperDoesAndAnUnknownOneIsRefusedWithTheKnownOnes() {
    assertThat(PcmWorkload.byLabel("mixrw")).isEqualTo(PcmWorkload.MIX_RW);
    assertThat(PcmWorkload.MIX_R.mix()).containsEntry("readproportion", "0.75")
        .containsEntry("updateproportion", "0.25");
    assertThatThrownBy(() -> PcmWorkload.byLabel("RO")).isInstanceOf(InvalidInputException.class)
        .hasMessage("unknown class 'RO': expected one of BL, RO-read, RO-scan, MixR, MixRW, MixW,"
            + " WO-update");
  }

  /** The adaptivity run's servers warm up on every operation of the phases after its load, in equal shares. */
  @Test
  void aBlendOfClassesRunsEachOfTheirOperationsInEqualSharesAndNoLoad() {
    assertThat(PcmWorkload.blend(List.of(PcmWorkload.RO_READ, PcmWorkload.RO_SCAN, PcmWorkload.MIX_RW)))
        .containsEntry("readproportion", "0.5").containsEntry("scanproportion", Double.toString(1.0 / 3))
        .containsEntry("updateproportion", Double.toString(0.5 / 3)).containsEntry("insertproportion", "0")
        .containsEntry("maxscanlength", "100");
    assertThatThrownBy(() -> PcmWorkload.blend(List.of(PcmWorkload.BL, PcmWorkload.RO_READ)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("BL");
  }

  private static ClassResult result(PcmVariant variant, double... rounds) {
    List<VariantResult.RunFigures> perRun = java.util.Arrays.stream(rounds)
        .mapToObj(t -> new VariantResult.RunFigures(t, 50.0, 80.0, 100.0)).toList();
    double median = java.util.Arrays.stream(rounds).sorted().toArray()[rounds.length / 2];
    VariantResult ycsb = new VariantResult(variant.label(), 4, median, new Latency(100, 200, 300), "READ", 1000.0,
        null, 50.0, 80.0, rounds.length, 30_000, 0, Map.of(), null, perRun);
    return new ClassResult("RO-read", variant.label(), ycsb, new ServerActivity(0, 0, 0, 90, 10, 8, GB, GB),
        List.of(new ServerActivity(0, 0, 0, 90, 10, 8, GB, GB)), List.of(),
        new ClassResult.ServerJit(List.of(), List.of()));
  }

  private static PcmReport report(List<Double> throughputs) {
    List<ClassResult> results = new ArrayList<>();
    PcmVariant[] variants = PcmVariant.values();
    for (int i = 0; i < variants.length; i++) {
      VariantResult ycsb = new VariantResult(variants[i].label(), 4, throughputs.get(i), new Latency(100, 200, 300),
          "READ", 1000.0, null, 50.0, 80.0, 3, 30_000, 0, Map.of(), null, List.of());
      results.add(new ClassResult("RO-read", variants[i].label(), ycsb, new ServerActivity(0, 0, 0, 189, 11, 8, GB, GB),
          List.of(new ServerActivity(0, 0, 0, 90, 10, 8, GB, GB), new ServerActivity(0, 0, 0, 99, 1, 8, GB, GB),
              new ServerActivity(0, 0, 0, 0, 0, 8, GB, GB)),
          List.of(), new ClassResult.ServerJit(List.of(), List.of())));
    }
    return new PcmReport("pcm", Map.of("cores", 2), Map.of("hbase", "2.6.4"), Map.of("runs", 3), results, null);
  }

  private static WorkloadReading reading(RegionServerState... servers) {
    return new WorkloadReading(0, List.of(), Map.of(), List.of(servers));
  }

  private static RegionServerState state(String name, long flushed, long compacted, long blocked, long hits,
      long misses, long storeFiles) {
    return new RegionServerState(name, 24 * GB, false, 6 * GB, 4, storeFiles, 0, GB, 0, GB, hits, misses, 0, 0, blocked,
        flushed, compacted);
  }
}
