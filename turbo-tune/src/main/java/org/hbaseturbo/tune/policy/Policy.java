package org.hbaseturbo.tune.policy;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.hbaseturbo.cluster.ServerSettingsCheck;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.tune.WorkloadClass;

/**
 * A configuration policy for one workload class, as a policy file states it: the heap (the paper's X, in GiB), an
 * optional pre-split, and settings whose values are numbers, formulas or names (a split policy class, a data block
 * encoding, a codec).
 *
 * @param file where it was read from, for messages
 * @param settings in the file's order; each value a {@link Formula} or, for a {@link PolicySetting.Kind#NAME}
 *     setting, a name
 * @param lines the line of each setting in the file, for messages
 */
public record Policy(WorkloadClass workloadClass, String source, String file, Formula heapGb,
    Optional<Formula> presplitRegionsPerServer, Map<PolicySetting, Object> settings,
    Map<PolicySetting, Integer> lines) {

  /**
   * The policy's values for {@code environment}, as HBase takes them.
   *
   * @throws InvalidInputException naming the file, line and setting when a value comes out as one HBase would
   *     refuse or silently replace
   */
  public Evaluated evaluate(PolicyEnvironment environment) {
    return evaluate(environment, Map.of());
  }

  /**
   * The policy's values for {@code environment}, whose servers run the heap fractions {@code inForce}: where they
   * already run the policy's memstore and block cache, both stay as they are, not fitted to the heap tuner's
   * headroom ({@link HeapHeadroom}). The fit keeps the tuner from being held short while it moves a fraction into a
   * full heap; where nothing moves it would only shrink what the servers run, the block cache of HBase's own 0.4 and
   * 0.4 by 9% at 6 GiB and by 22% at 1 GiB (results/pcm/adaptivity-aa-calibrated-2026-12-05).
   *
   * @param inForce each heap fraction as every server runs it; a fraction the servers differ on is absent
   * @throws InvalidInputException as {@link #evaluate(PolicyEnvironment)}
   */
  public Evaluated evaluate(PolicyEnvironment environment, Map<PolicySetting, Double> inForce) {
    double heap = heapGb.evaluate(environment.variables(0));
    if (!(heap > 0)) {
      throw new InvalidInputException(file + ": heap_gb comes out as " + heap + " for " + environment
          + "; expected a positive size");
    }
    Map<String, Double> variables = environment.variables(heap);
    Map<PolicySetting, String> values = new LinkedHashMap<>();
    Map<PolicySetting, Double> numbers = new LinkedHashMap<>();
    settings.forEach((setting, value) -> {
      if (value instanceof Formula formula) {
        double number = formula.evaluate(variables);
        numbers.put(setting, number);
        values.put(setting, render(setting, number));
      } else {
        values.put(setting, (String) value);
      }
    });
    long heapBytes = (long) (heap * (1L << 30));
    int presplit = presplitRegionsPerServer.map(formula -> (int) Math.round(formula.evaluate(variables))).orElse(0);
    Evaluated evaluated = new Evaluated(this, heapBytes, presplit * environment.regionServers(), values, List.of());
    // The policy's own values first: a file HBase would refuse is refused, not fitted into shape.
    check(numbers, evaluated);
    Optional<HeapHeadroom.Fitted> fitted = fitHeapFractions(numbers, heapBytes);
    if (fitted.isEmpty()) {
      return evaluated;
    }
    if (runsAlready(numbers, inForce)) {
      return new Evaluated(this, heapBytes, evaluated.presplitRegions(), values, List.of(String.format(Locale.ROOT,
          "memstore %s and block cache %s are what the servers run: left as they are, not fitted to the heap"
          + " tuner's headroom, as neither moves", values.get(PolicySetting.MEMSTORE),
          values.get(PolicySetting.BLOCK_CACHE))));
    }
    Map<PolicySetting, String> fittedValues = new LinkedHashMap<>(values);
    fittedValues.put(PolicySetting.MEMSTORE, render(PolicySetting.MEMSTORE, fitted.get().memstore()));
    fittedValues.put(PolicySetting.BLOCK_CACHE, render(PolicySetting.BLOCK_CACHE, fitted.get().blockCache()));
    return new Evaluated(this, heapBytes, evaluated.presplitRegions(), fittedValues,
        List.of(fitted.get().describe()));
  }

  /**
   * This policy with HBase's defaults in place of its values of {@code replaced}, those it sets: what a policy that
   * keeps HBase's defaults for them gives, fitted to its heap as every policy is ({@code tune calibrate} measures
   * against that).
   */
  public Policy withHBaseDefaults(Collection<PolicySetting> replaced) {
    Map<PolicySetting, Object> withDefaults = new LinkedHashMap<>(settings);
    replaced.stream().filter(settings::containsKey)
        .forEach(setting -> withDefaults.put(setting, setting.kind() == PolicySetting.Kind.NAME
            ? setting.hbaseDefault() : Formula.parse(setting.hbaseDefault(), Set.of())));
    return new Policy(workloadClass, source, file, heapGb, presplitRegionsPerServer, withDefaults, lines);
  }

  /** Whether the policy sets both heap fractions, and to what the servers run. */
  private static boolean runsAlready(Map<PolicySetting, Double> numbers, Map<PolicySetting, Double> inForce) {
    return PolicySetting.HEAP_FRACTIONS.stream()
        .allMatch(setting -> numbers.containsKey(setting) && numbers.get(setting).equals(inForce.get(setting)));
  }

  /**
   * The memstore and block cache a policy sets, fitted to the heap with the headroom {@link HeapHeadroom} leaves;
   * a policy that sets only one of them is left as it is, since the other is the server's own.
   */
  private static Optional<HeapHeadroom.Fitted> fitHeapFractions(Map<PolicySetting, Double> numbers, long heapBytes) {
    Double memstore = numbers.get(PolicySetting.MEMSTORE);
    Double blockCache = numbers.get(PolicySetting.BLOCK_CACHE);
    return memstore == null || blockCache == null ? Optional.empty()
        : HeapHeadroom.fit(memstore, blockCache, heapBytes);
  }

  private static String render(PolicySetting setting, double number) {
    return switch (setting.kind()) {
      case FRACTION -> stripZeros(Math.round(number * 1000) / 1000.0);
      case BYTES, COUNT -> Long.toString(Math.round(number));
      case NAME -> throw new IllegalStateException(setting + " is not a number");
    };
  }

  static String stripZeros(double value) {
    return java.math.BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
  }

  /**
   * What HBase refuses or replaces without a word (notes/pcm.md section 7): table and server limits here, the
   * heap and compaction rules by the check local clusters make too.
   */
  private void check(Map<PolicySetting, Double> numbers, Evaluated evaluated) {
    for (Map.Entry<PolicySetting, Double> entry : numbers.entrySet()) {
      PolicySetting setting = entry.getKey();
      double value = Double.parseDouble(evaluated.values().get(setting));
      String problem = switch (setting) {
        case MEMSTORE_LOWER_LIMIT -> value <= 0 || value > 1 ? "is a ratio of the memstore limit, from 0 to 1" : null;
        case BLOCK_CACHE -> value < 0 || value > 1 ? "is a fraction of the heap, from 0 to 1" : null;
        case FLUSH_SIZE -> value < 1 << 20 ? "is under 1 MiB, which HBase refuses for a table" : null;
        case MAX_FILESIZE -> value < 2 << 20 ? "is under 2 MiB, which HBase refuses for a table" : null;
        case BLOCKSIZE -> value < 1 << 10 || value > 16 << 20 ? "is outside 1 KiB-16 MiB, which HBase refuses" : null;
        case COMPACTION_MIN -> value < 2 ? "is under 2: a compaction needs at least 2 files" : null;
        case BLOCK_MULTIPLIER, BLOCKING_STORE_FILES, HANDLER_COUNT, COMPACTION_MAX -> value < 1 ? "is under 1" : null;
        default -> null;
      };
      if (problem != null) {
        throw refused(setting, setting.key() + " = " + evaluated.values().get(setting) + " " + problem);
      }
    }
    Map<String, String> byKey = new LinkedHashMap<>();
    evaluated.values().forEach((setting, value) -> byKey.put(setting.key(), value));
    Optional<ServerSettingsCheck.Problem> problem = ServerSettingsCheck.problem(byKey);
    if (problem.isPresent()) {
      PolicySetting blamed = PolicySetting.byKey(problem.get().key()).filter(settings::containsKey)
          .orElse(PolicySetting.MEMSTORE);
      throw refused(blamed, problem.get().why());
    }
    if (evaluated.presplitRegions() > 0 && PolicySetting.SPLIT_POLICIES.get(3).equals(
        evaluated.values().get(PolicySetting.SPLIT_POLICY))) {
      throw refused(PolicySetting.SPLIT_POLICY, "DisabledRegionSplitPolicy with presplit_regions_per_server: HBase"
          + " refuses every split of such a table, the pre-split's included");
    }
  }

  private InvalidInputException refused(PolicySetting setting, String why) {
    Integer line = lines.get(setting);
    return new InvalidInputException(file + (line == null ? "" : ", line " + line) + ": " + why);
  }

  /**
   * A policy's values for one cluster.
   *
   * @param heapBytes each RegionServer's heap
   * @param presplitRegions regions to pre-split an empty table into; 0 for none
   * @param values each setting as HBase takes it
   * @param notes where a value is not the policy's own, why: the heap fractions fitted to a small heap
   */
  public record Evaluated(Policy policy, long heapBytes, int presplitRegions, Map<PolicySetting, String> values,
      List<String> notes) {
    public Evaluated {
      notes = List.copyOf(notes);
    }
  }
}
