package org.hbaseturbo.bench.pcm;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.tune.HeapTuner;

/**
 * What each class is measured under, each on a process cluster of its own with the same data. The two "defaults"
 * variants split PCM's gain into "more heap" and "the rest of the policy"; "defaults again" is the same as "defaults"
 * on a cluster of its own, so that their ratio, which should be 1, measures the comparison's own noise. "PCM" runs the
 * paper's policies, "calibrated" the policies {@code tune calibrate} measured on this cluster; each is applied as
 * {@code tune watch} applies a policy.
 */
public enum PcmVariant {
  DEFAULTS_1G("defaults 1g", "HBase 2.6's defaults at the PCM paper's 1 GB RegionServer heap"),
  DEFAULTS("defaults", "HBase 2.6's defaults at the heap the policies give"),
  DEFAULTS_AGAIN("defaults again", "as 'defaults', on a cluster of its own: its ratio to 'defaults' is the"
      + " benchmark's own noise, an A/A pair measured in the same rounds"),
  HBASE_TUNER("HBase tuner", "HBase's own DefaultHeapMemoryTuner at the policies' heap: memstore and block cache"
      + " each between 0.1 and 0.7 of the heap, every 5 s, counting from the first period"),
  PCM("PCM", "each class's policy applied before it runs, online as 'tune watch' applies it (settings read only at"
      + " a RegionServer's start are left planned), at the policies' heap"),
  CALIBRATED("calibrated", "each class's calibrated policy (written by 'tune calibrate', given with --calibrated),"
      + " applied as PCM's is, at its heap");

  /** The variants that need nothing but the shipped policies: all but the calibrated one. */
  public static final List<PcmVariant> WITHOUT_CALIBRATION = Arrays.stream(values())
      .filter(variant -> variant != CALIBRATED).toList();

  /**
   * DefaultHeapMemoryTuner as a short benchmark lets it act: by default it looks back 60 periods of 60 s and ignores
   * its first 60, so it would not move within a run. The ranges are the process cluster's own (0.1 to 0.7).
   */
  static final Map<String, String> HBASE_TUNER_SETTINGS = Map.of(
      "hbase.regionserver.heapmemory.tuner.class",
      "org.apache.hadoop.hbase.regionserver.DefaultHeapMemoryTuner",
      "hbase.regionserver.heapmemory.tuner.period", "5000",
      "hbase.regionserver.heapmemory.autotuner.lookup.periods", "12",
      "hbase.regionserver.heapmemory.autotuner.ignored.periods", "0");

  /**
   * Turbo's heap tuner, as PCM runs it here: it moves a fraction by up to 0.1 every 5 s, twice as far and as often as
   * the process cluster's defaults, so that a policy's fractions hold within seconds of a switch.
   */
  static final Map<String, String> PCM_TUNER_SETTINGS = Map.of(
      "hbase.regionserver.heapmemory.tuner.period", "5000",
      HeapTuner.STEP_KEY, "0.1");

  private final String label;
  private final String meaning;

  PcmVariant(String label, String meaning) {
    this.label = label;
    this.meaning = meaning;
  }

  public String label() {
    return label;
  }

  public String meaning() {
    return meaning;
  }

  /** The RegionServers' settings over HBase's defaults. */
  Map<String, String> site() {
    return switch (this) {
      case HBASE_TUNER -> HBASE_TUNER_SETTINGS;
      case PCM, CALIBRATED -> PCM_TUNER_SETTINGS;
      default -> Map.of();
    };
  }

  /** Whether a policy is applied before each class runs: PCM's or the calibrated one. */
  public boolean appliesPolicies() {
    return this == PCM || this == CALIBRATED;
  }

  /** Its name on the command line, and its directory under the benchmark's work directory: "hbase-tuner". */
  public String userName() {
    return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
  }

  /** @throws InvalidInputException naming the variants there are */
  public static PcmVariant byUserName(String name) {
    return Arrays.stream(values()).filter(v -> v.userName().equals(name)).findFirst()
        .orElseThrow(() -> new InvalidInputException("unknown variant '" + name + "' for bench pcm: expected one of "
            + Arrays.stream(values()).map(PcmVariant::userName).collect(Collectors.joining(", "))));
  }
}
