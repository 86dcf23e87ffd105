package org.hbaseturbo.bench.pcm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.ServerName;
import org.hbaseturbo.bench.report.RatioTable;
import org.hbaseturbo.bench.ycsb.ServerWarmUp;

/**
 * The adaptivity run: one YCSB run whose mix shifts, watched only (the same monitor, as a dry run, and again where the
 * A/A pair was asked for) and then with PCM applying policies (the paper's, and the calibrated ones where given), each
 * on a fresh cluster, in rounds.
 *
 * @param settings the deployment's tuner settings for every run, the run's own, and the policy files each run that
 *     applied policies used
 * @param runs every round of the dry run first, then every round of each other run
 * @param ratios each phase's throughput under each run but the dry run over the dry run's, the median of
 *     round-by-round ratios, phase by phase
 */
public record AdaptivityResult(Map<String, String> settings, List<Run> runs, List<PhaseRatio> ratios) {

  /** The result of {@code runs}, every round of the dry run first, with each phase's ratios to the dry run. */
  static AdaptivityResult of(Map<String, String> settings, List<Run> runs) {
    String dry = runs.get(0).name();
    List<PhaseRatio> ratios = new ArrayList<>();
    for (int phase = 0; phase < runs.get(0).phases().size(); phase++) {
      for (String name : runs.stream().map(Run::name).filter(name -> !name.equals(dry)).distinct().toList()) {
        List<Double> perRound = new ArrayList<>();
        for (Run run : runs) {
          if (run.name().equals(name)) {
            perRound.add(throughputRatio(run, runs.stream()
                .filter(r -> r.name().equals(dry) && r.round() == run.round()).findFirst(), phase));
          }
        }
        String phaseName = runs.get(0).phases().get(phase).name();
        RatioTable.Ratio.of(perRound).ifPresent(ratio -> ratios.add(new PhaseRatio(phaseName, name, dry, ratio)));
      }
    }
    return new AdaptivityResult(settings, runs, ratios);
  }

  private static Double throughputRatio(Run run, Optional<Run> dry, int phase) {
    return dry.map(d -> run.phases().get(phase).throughputOpsS() / d.phases().get(phase).throughputOpsS())
        .orElse(null);
  }

  /**
   * A phase's throughput under {@code run} over {@code dryRun}'s.
   *
   * @param ratio the median of round-by-round ratios, and those ratios
   */
  public record PhaseRatio(String phase, String run, String dryRun, RatioTable.Ratio ratio) {
  }

  /**
   * @param name "defaults" (the dry run), "defaults again" (the A/A pair's second dry run), "PCM" or "calibrated"
   * @param round the round it ran in, from 1
   * @param serverWarmUp how its servers were warmed up before the mix, on a table of their own
   * @param phases each phase of the mix, in order
   * @param periods every watched period
   * @param fractions the servers' memstore and block-cache fractions, sampled every second
   */
  public record Run(String name, int round, ServerWarmUp.Outcome serverWarmUp, List<Phase> phases,
      List<Period> periods, List<FractionSample> fractions) {
  }

  /**
   * One phase of the shifting mix.
   *
   * @param expectedClass the class its mix belongs to
   * @param detectedAfterS from the phase's start to the end of the first period classified as it; null if none
   * @param switchedAfterS from the phase's start until its class's policy was applied (planned in a dry run)
   * @param inForceAfterS from the phase's start until the servers ran with its policy's heap fractions; null if
   *     they did not within the phase, or never were to (a dry run)
   * @param serverJitMsPerS milliseconds the servers' JIT compiled per JVM per second of the phase; null where they
   *     do not tell
   * @param opsPerSecond throughput in each second of the phase
   * @param nodes each RegionServer over the phase, from just before its YCSB run started to just after it ended;
   *     empty where they could not be read
   * @param hostStealPercent the share of this host's CPU time its hypervisor took over the same span ({@link
   *     HostCpu}); null where the kernel does not tell. The servers' host where the cluster is local.
   */
  public record Phase(String name, String expectedClass, long startEpochMs, long runtimeMs, long operations,
      double throughputOpsS, long failures, Double detectedAfterS, Double switchedAfterS, Double inForceAfterS,
      Double serverJitMsPerS, List<Long> opsPerSecond, List<NodeActivity> nodes, Double hostStealPercent) {
  }

  /**
   * One RegionServer over a phase: where its reads came from, and what it spent beside serving them.
   *
   * @param tableRegions the regions of the run's table it served at the phase's end
   * @param flushedBytes bytes its flushes wrote over the phase, every table's
   * @param compactedBytes bytes its compactions wrote over the phase, every table's
   * @param cpuSeconds CPU its JVM spent over the phase, all threads; null where the JVM runs other RegionServers too
   *     (an embedded cluster) or did not tell
   * @param node its node over the phase; null where the servers are not confined to nodes (the cache regime)
   */
  public record NodeActivity(String server, long tableRegions, long blockCacheHits, long blockCacheMisses,
      long flushedBytes, long compactedBytes, Double cpuSeconds, NodeUse node) {

    /**
     * One line: the server, its regions, its block cache's hits, its CPU, flushes and compactions, and its node's disk
     * reads and memory.
     */
    public String describe() {
      long lookups = blockCacheHits + blockCacheMisses;
      String blockCache = lookups == 0 ? "no block cache lookups" : String.format("block cache %.1f%% hits of %,d"
          + " lookups", 100.0 * blockCacheHits / lookups, lookups);
      return String.format("%s: %d region%s, %s,%s flushed %,d MiB, compacted %,d MiB%s",
          ServerName.valueOf(server).getAddress(), tableRegions, tableRegions == 1 ? "" : "s", blockCache,
          cpuSeconds == null ? "" : String.format(" CPU %.1f s,", cpuSeconds), flushedBytes >> 20,
          compactedBytes >> 20, node == null ? "" : ", " + node.describe());
    }
  }

  /**
   * A confined RegionServer's node over a phase: its disk reads, and its memory (page cache and the JVM's own) at the
   * phase's start and end, which together stay within the node's.
   *
   * @param diskReadOperations reads of its throttled disk: block cache misses the page cache did not hold, and their
   *     readahead
   * @param diskReadBytes the bytes those reads brought
   * @param anonymousStartBytes the memory its JVM held beside the page cache: the heap pages it touched, and the rest
   */
  public record NodeUse(long diskReadOperations, long diskReadBytes, long pageCacheStartBytes, long pageCacheEndBytes,
      long anonymousStartBytes, long anonymousEndBytes) {

    String describe() {
      return String.format("disk %,d reads, %,d MiB, page cache %,d -> %,d MiB, JVM %,d -> %,d MiB",
          diskReadOperations, diskReadBytes >> 20, pageCacheStartBytes >> 20, pageCacheEndBytes >> 20,
          anonymousStartBytes >> 20, anonymousEndBytes >> 20);
    }
  }

  /**
   * A watched period: when it ended, its class, and the switch made at its end, if any.
   *
   * @param judgments a trial that ended in this period (kept, reverted or inconclusive, with its figures), then a
   *     switch held back, if any
   * @param memstoreTarget the memstore fraction the switch asked of the servers (a dry run's: would have asked); null
   *     where it left theirs as it was
   * @param blockCacheTarget the same for the block cache
   */
  public record Period(long endEpochMs, String observed, String switchedTo, long switchDoneEpochMs,
      List<String> applied, List<String> judgments, Double memstoreTarget, Double blockCacheTarget) {
  }

  /** The servers' average memstore and block-cache fractions of the heap at a moment. */
  public record FractionSample(long epochMs, double memstore, double blockCache) {
  }
}
