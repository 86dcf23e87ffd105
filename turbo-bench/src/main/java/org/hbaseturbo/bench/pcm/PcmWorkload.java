package org.hbaseturbo.bench.pcm;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.tune.WorkloadClass;

/**
 * The classes the PCM benchmark measures, each as the YCSB mix that makes it (the paper's Table I proportions), in
 * the order a variant's cluster runs them: the bulk load first, then the read-only classes, which leave the data as
 * they found it, then the classes that update it.
 */
public enum PcmWorkload {
  BL("BL", WorkloadClass.BL, 0, 0, 0),
  RO_READ("RO-read", WorkloadClass.RO_READ, 1, 0, 0),
  RO_SCAN("RO-scan", WorkloadClass.RO_SCAN, 0, 0, 1),
  MIX_R("MixR", WorkloadClass.MIX_R, 0.75, 0.25, 0),
  MIX_RW("MixRW", WorkloadClass.MIX_RW, 0.5, 0.5, 0),
  MIX_W("MixW", WorkloadClass.MIX_W, 0.25, 0.75, 0),
  WO_UPDATE("WO-update", WorkloadClass.WO, 0, 1, 0);

  /** Rows a scan reads at most, as YCSB's workload E: its scans read 1 to 100 rows. */
  static final int MAX_SCAN_LENGTH = 100;

  private final String label;
  private final WorkloadClass workloadClass;
  private final double reads;
  private final double updates;
  private final double scans;

  PcmWorkload(String label, WorkloadClass workloadClass, double reads, double updates, double scans) {
    this.label = label;
    this.workloadClass = workloadClass;
    this.reads = reads;
    this.updates = updates;
    this.scans = scans;
  }

  public String label() {
    return label;
  }

  /** The class whose policy PCM applies for it. */
  public WorkloadClass workloadClass() {
    return workloadClass;
  }

  /** The share of a run's operations that are updates, 0 to 1. */
  double updates() {
    return updates;
  }

  /** Whether its reads and scans are more of its operations than its writes: not a load. */
  boolean readsMoreThanItWrites() {
    return !isLoad() && reads + scans > updates;
  }

  /** Whether Gets are most of its operations: more than its updates and scans together. */
  boolean getsMostly() {
    return reads > updates + scans;
  }

  /** A load into an empty table, rather than a run over the loaded records. */
  public boolean isLoad() {
    return this == BL;
  }

  /**
   * YCSB's proportions for a run of this class; for the load, inserts alone, which a run numbers on from its record
   * count (a bulk load is YCSB's load phase, which a calibration's timed runs cannot be).
   */
  Map<String, String> mix() {
    return mix(reads, updates, scans, isLoad());
  }

  /**
   * YCSB's proportions for a run that mixes the operations of {@code workloads}, none of them a load, in equal
   * shares: a run that takes each class's code paths, as the classes in turn would.
   */
  static Map<String, String> blend(List<PcmWorkload> workloads) {
    if (workloads.isEmpty() || workloads.stream().anyMatch(PcmWorkload::isLoad)) {
      throw new IllegalArgumentException("a blend of run classes, not " + workloads);
    }
    return mix(workloads.stream().mapToDouble(w -> w.reads).average().getAsDouble(),
        workloads.stream().mapToDouble(w -> w.updates).average().getAsDouble(),
        workloads.stream().mapToDouble(w -> w.scans).average().getAsDouble(), false);
  }

  private static Map<String, String> mix(double reads, double updates, double scans, boolean load) {
    Map<String, String> mix = new LinkedHashMap<>();
    mix.put("readproportion", Double.toString(reads));
    mix.put("updateproportion", Double.toString(updates));
    mix.put("scanproportion", Double.toString(scans));
    mix.put("insertproportion", load ? "1" : "0");
    mix.put("readmodifywriteproportion", "0");
    if (scans > 0) {
      mix.put("maxscanlength", Integer.toString(MAX_SCAN_LENGTH));
    }
    return mix;
  }

  /** YCSB's properties for a run of this class on {@code table}, ending after {@code seconds}. */
  Map<String, String> run(String table, int seconds) {
    Map<String, String> run = mix();
    run.put(PcmYcsb.TABLE_PROPERTY, table);
    run.put("maxexecutiontime", Integer.toString(seconds));
    return run;
  }

  /** @throws InvalidInputException naming the label and the classes there are */
  public static PcmWorkload byLabel(String label) {
    return Arrays.stream(values()).filter(w -> w.label.equalsIgnoreCase(label)).findFirst()
        .orElseThrow(() -> new InvalidInputException("unknown class '" + label + "': expected one of "
            + Arrays.stream(values()).map(PcmWorkload::label).collect(Collectors.joining(", "))));
  }
}
