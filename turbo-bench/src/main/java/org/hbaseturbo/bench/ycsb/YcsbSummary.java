package org.hbaseturbo.bench.ycsb;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.hbaseturbo.bench.report.Latency;
import org.hbaseturbo.bench.report.ServerProcessResult;
import org.hbaseturbo.bench.report.VariantResult;
import org.hbaseturbo.bench.report.VariantResult.OperationResult;
import org.hbaseturbo.bench.report.VariantResult.RunFigures;
import org.hbaseturbo.client.stats.ProcessUsage;
import org.hbaseturbo.report.Medians;

/** Turns repeated runs of one YCSB phase into one {@link VariantResult} of medians. */
public final class YcsbSummary {
  private YcsbSummary() {
  }

  public static VariantResult summarize(String variant, List<PhaseResult> runs) {
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("no runs of variant " + variant);
    }
    Map<String, OperationResult> operations = new TreeMap<>();
    for (String type : runs.get(0).byOperation().keySet()) {
      List<OperationStats> stats = runs.stream().map(run -> run.byOperation().get(type))
          .filter(java.util.Objects::nonNull).toList();
      operations.put(type, new OperationResult((long) Medians.of(stats, OperationStats::operations),
          Medians.of(stats, OperationStats::averageUs), new Latency(Medians.of(stats, OperationStats::p50Us),
              Medians.of(stats, OperationStats::p95Us), Medians.of(stats, OperationStats::p99Us))));
    }
    String dominant = operations.entrySet().stream()
        .max(Comparator.comparingLong(e -> e.getValue().count())).map(Map.Entry::getKey).orElse("none");
    boolean serverKnown = runs.stream().allMatch(run -> run.server() != null);
    boolean linkKnown = runs.stream().allMatch(run -> run.linkBytes() != null);
    return new VariantResult(variant, runs.get(0).threads(),
        Medians.of(runs, PhaseResult::throughputOpsPerSecond),
        operations.containsKey(dominant) ? operations.get(dominant).latencyUs() : new Latency(0, 0, 0), dominant,
        serverKnown ? Medians.of(runs, run -> perOp(run, run.server().bytes())) : null,
        linkKnown ? Medians.of(runs, run -> perOp(run, run.linkBytes())) : null,
        Medians.of(runs, run -> perOp(run, run.clientCpuNanos() / 1000.0)),
        serverKnown ? Medians.of(runs, run -> perOp(run, run.server().cpuNanos() / 1000.0)) : null,
        runs.size(), (long) Medians.of(runs, PhaseResult::operations),
        runs.stream().mapToLong(PhaseResult::failures).sum(), operations,
        serverKnown ? processes(runs) : null,
        runs.stream().map(run -> new RunFigures(run.throughputOpsPerSecond(),
            perOp(run, run.clientCpuNanos() / 1000.0),
            serverKnown ? perOp(run, run.server().cpuNanos() / 1000.0) : null,
            run.byOperation().containsKey(dominant) ? run.byOperation().get(dominant).p50Us() : null)).toList());
  }

  /** The last run's RegionServer processes, CPU per operation as the median of the runs each served. */
  private static List<ServerProcessResult> processes(List<PhaseResult> runs) {
    List<ServerProcessResult> processes = new ArrayList<>();
    for (ProcessUsage last : runs.get(runs.size() - 1).server().byProcess()) {
      List<Double> cpuPerOp = new ArrayList<>();
      for (PhaseResult run : runs) {
        run.server().byProcess().stream().filter(usage -> usage.processId().equals(last.processId())).findFirst()
            .ifPresent(usage -> cpuPerOp.add(perOp(run, usage.cpuNanos() / 1000.0)));
      }
      processes.add(new ServerProcessResult(last.regionServers(), Medians.of(cpuPerOp, Double::doubleValue),
          last.residentBytes(), last.heapUsedBytes(), last.heapMaxBytes()));
    }
    return processes;
  }

  private static double perOp(PhaseResult run, double total) {
    return run.operations() == 0 ? 0 : total / run.operations();
  }
}
