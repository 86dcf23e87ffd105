package org.hbaseturbo.bench.pcm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.hbaseturbo.bench.report.RatioTable;
import org.hbaseturbo.report.TextTable;

/** The PCM report as text tables: speedups, server state, adaptivity. */
public final class PcmTables {
  private static final double MB = 1 << 20;

  private PcmTables() {
  }

  public static String render(PcmReport report) {
    StringBuilder text = new StringBuilder();
    if (!report.results().isEmpty()) {
      text.append(speedups(report)).append('\n').append(serverState(report));
    }
    if (report.adaptivity() != null) {
      text.append('\n').append(adaptivity(report.adaptivity()));
    }
    return text.toString();
  }

  /** A ratio the speedups table shows: {@code variant}'s throughput over {@code peer}'s. */
  private record Pair(PcmVariant variant, PcmVariant peer) {
  }

  /**
   * Each class's throughput under every variant that ran; each policy variant's (PCM's, the calibrated one's) as a
   * ratio of each stock variant's, the calibrated over PCM, and the A/A pair's ratio: each the median of round-by-round
   * ratios, with their range.
   */
  static String speedups(PcmReport report) {
    List<PcmVariant> ran = Arrays.stream(PcmVariant.values())
        .filter(variant -> report.classes().stream().anyMatch(c -> report.result(c, variant).isPresent())).toList();
    List<PcmVariant> stock = ran.stream()
        .filter(variant -> !variant.appliesPolicies() && variant != PcmVariant.DEFAULTS_AGAIN).toList();
    List<Pair> pairs = new ArrayList<>();
    ran.stream().filter(PcmVariant::appliesPolicies)
        .forEach(variant -> stock.forEach(peer -> pairs.add(new Pair(variant, peer))));
    if (ran.contains(PcmVariant.PCM) && ran.contains(PcmVariant.CALIBRATED)) {
      pairs.add(new Pair(PcmVariant.CALIBRATED, PcmVariant.PCM));
    }
    boolean aa = ran.contains(PcmVariant.DEFAULTS) && ran.contains(PcmVariant.DEFAULTS_AGAIN);
    List<String> header = new ArrayList<>(List.of("class"));
    ran.forEach(variant -> header.add(variant.label() + " ops/s"));
    pairs.forEach(pair -> header.addAll(List.of(pair.variant().label() + " / " + pair.peer().label(), "range")));
    if (aa) {
      header.addAll(List.of("A/A: " + PcmVariant.DEFAULTS_AGAIN.label() + " / " + PcmVariant.DEFAULTS.label(),
          "range"));
    }
    List<String[]> rows = new ArrayList<>();
    rows.add(header.toArray(new String[0]));
    for (String workloadClass : report.classes()) {
      List<String> row = new ArrayList<>(List.of(workloadClass));
      for (PcmVariant variant : ran) {
        row.add(report.throughput(workloadClass, variant).map(t -> String.format("%,.0f", t)).orElse("n/a"));
      }
      pairs.forEach(pair -> addRatio(row, ratio(report, workloadClass, pair.variant(), pair.peer())));
      if (aa) {
        addRatio(row, ratio(report, workloadClass, PcmVariant.DEFAULTS_AGAIN, PcmVariant.DEFAULTS));
      }
      rows.add(row.toArray(new String[0]));
    }
    return TextTable.render(rows, 0) + "ratios: the median of round-by-round ratios (each round ran every variant's"
        + " cluster in turn), range: the lowest and highest of them"
        + (aa ? "; A/A: HBase's defaults on two clusters, whose ratio would be 1 without noise" : "") + "\n";
  }

  private static void addRatio(List<String> row, Optional<RatioTable.Ratio> ratio) {
    row.add(ratio.map(r -> String.format("%.2fx", r.median())).orElse("n/a"));
    row.add(ratio.map(RatioTable.Ratio::range).orElse(""));
  }

  /** PCM's throughput over {@code peer}'s for a class, if both ran: the median of round-by-round ratios. */
  public static Optional<Double> speedup(PcmReport report, String workloadClass, PcmVariant peer) {
    return ratio(report, workloadClass, PcmVariant.PCM, peer).map(RatioTable.Ratio::median);
  }

  /** {@code variant}'s throughput over {@code peer}'s for a class, if both ran, round by round. */
  static Optional<RatioTable.Ratio> ratio(PcmReport report, String workloadClass, PcmVariant variant,
      PcmVariant peer) {
    Optional<ClassResult> result = report.result(workloadClass, variant);
    Optional<ClassResult> base = report.result(workloadClass, peer);
    return result.isPresent() && base.isPresent()
        ? RatioTable.throughputRatio(result.get().ycsb(), base.get().ycsb()) : Optional.empty();
  }

  /** What the servers did under each variant: the figures that explain the throughput. */
  static String serverState(PcmReport report) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"class", "variant", "p99 us", "server CPU us/op", "flushed MB", "compacted MB",
        "blocked", "cache hit, by round", "store files", "memstore/cache GB"});
    for (ClassResult result : report.results()) {
      ServerActivity server = result.server();
      rows.add(new String[] {result.workloadClass(), result.variant(),
          String.format("%,.0f %s", result.ycsb().latencyUs().p99(), result.ycsb().latencyOperation()),
          result.ycsb().serverCpuUsPerOp() == null ? "n/a" : String.format("%,.1f", result.ycsb().serverCpuUsPerOp()),
          String.format("%,.0f", server.flushedBytes() / MB), String.format("%,.0f", server.compactedBytes() / MB),
          String.format("%,d", server.blockedRequests()),
          hitRatios(result.serverRounds().isEmpty() ? List.of(server) : result.serverRounds()),
          Long.toString(server.storeFiles()), String.format("%.1f/%.1f", server.memstoreLimitBytes() / MB / 1024,
              server.blockCacheMaxBytes() / MB / 1024)});
    }
    return TextTable.render(rows, 0, 1);
  }

  /**
   * Each round's block cache hit ratio, to three places ("n/a" in a round without a lookup); the rounds' together for
   * a report that kept none.
   */
  private static String hitRatios(List<ServerActivity> rounds) {
    return rounds.stream().map(ServerActivity::blockCacheHitRatio)
        .map(hit -> Double.isNaN(hit) ? "n/a" : String.format("%.3f", hit)).collect(Collectors.joining(" "));
  }

  static String adaptivity(AdaptivityResult adaptivity) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"phase", "class", "run", "round", "ops/s", "detected after s", "policy applied after s",
        "fractions in force after s", "servers' JIT ms/s", "failed ops"});
    for (AdaptivityResult.Run run : adaptivity.runs()) {
      for (AdaptivityResult.Phase phase : run.phases()) {
        rows.add(new String[] {phase.name(), phase.expectedClass(), run.name(), Integer.toString(run.round()),
            String.format("%,.0f", phase.throughputOpsS()), seconds(phase.detectedAfterS()),
            seconds(phase.switchedAfterS()), seconds(phase.inForceAfterS()),
            phase.serverJitMsPerS() == null ? "n/a" : String.format("%.1f", phase.serverJitMsPerS()),
            Long.toString(phase.failures())});
      }
    }
    StringBuilder text = new StringBuilder(TextTable.render(rows, 0, 1, 2));
    // Each other run against the dry run, phase by phase: the median of round-by-round ratios, and their range.
    Map<String, List<String>> byPhase = new LinkedHashMap<>();
    for (AdaptivityResult.PhaseRatio ratio : adaptivity.ratios()) {
      String range = ratio.ratio().range();
      byPhase.computeIfAbsent(ratio.phase(), phase -> new ArrayList<>()).add(String.format("%s %.2fx%s %s",
          ratio.run(), ratio.ratio().median(), range.isEmpty() ? "" : " (" + range + ")", ratio.dryRun()));
    }
    byPhase.forEach((phase, ratios) -> text.append(phase).append(": ").append(String.join(", ", ratios))
        .append('\n'));
    text.append("ratios: the median of round-by-round ratios to the same round's dry run (each round ran every run in"
        + " turn), with their range where there were rounds to range");
    if (adaptivity.ratios().stream().anyMatch(r -> r.run().equals(PcmVariant.DEFAULTS_AGAIN.label()))) {
      text.append("; ").append(PcmVariant.DEFAULTS_AGAIN.label()).append(": a second dry run, the A/A pair, whose ratio"
          + " would be 1 without noise");
    }
    text.append('\n');
    return text.toString();
  }

  private static String seconds(Double value) {
    return value == null ? "-" : String.format("%.0f", value);
  }
}
