package org.hbaseturbo.bench.ycsb;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.hbaseturbo.common.InvalidInputException;
import site.ycsb.Client;
import site.ycsb.Workload;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.OneMeasurementHistogram;
import site.ycsb.measurements.OneMeasurementTimeSeries;
import site.ycsb.workloads.CoreWorkload;

/**
 * The property names YCSB and our bindings understand. YCSB silently ignores any other name, so a typo
 * ({@code -p operationcont=...}) would run a different benchmark than the user asked for; we refuse it.
 */
public final class YcsbProperties {
  /** Names YCSB reads that are not declared as constants in its classes. */
  private static final Set<String> UNDECLARED =
      Set.of("hdrhistogram.fileoutput", "hdrhistogram.output.path", "status.interval");

  private static final Set<String> KNOWN = collect();

  /** Names Turbo sets itself, with what the user should say instead; YCSB would not see a user's value. */
  private static final Map<String, String> SET_BY_TURBO = Map.ofEntries(
      Map.entry("db", "use --db"),
      Map.entry("threadcount", "use --threads"),
      Map.entry("dotransactions", "use 'ycsb load' or 'ycsb run'"),
      Map.entry("hbaseconf", "use --conf"),
      Map.entry("measurementtype", "Turbo measures with hdrhistogram"),
      Map.entry("hdrhistogram.percentiles", "Turbo reports p50, p95 and p99"),
      Map.entry("exporter", "use --json"),
      Map.entry("exportfile", "use --json"),
      Map.entry("status", "Turbo always shows progress"),
      Map.entry("label", "it has no effect here"),
      Map.entry(YcsbPhaseMain.WARMUP_OPERATIONS, "use --warmup"),
      Map.entry(YcsbPhaseMain.LINK_INTERFACE, "use --link"));

  private YcsbProperties() {
  }

  public static Set<String> known() {
    return KNOWN;
  }

  /**
   * @throws InvalidInputException naming the first name that YCSB does not know or that Turbo sets itself,
   *     and {@code where} it came from
   */
  public static void requireKnown(Collection<String> names, String where) {
    for (String name : new TreeSet<>(names)) {
      if (SET_BY_TURBO.containsKey(name)) {
        throw new InvalidInputException("YCSB property '" + name + "' " + where + " is set by Turbo: "
            + SET_BY_TURBO.get(name));
      }
      if (!KNOWN.contains(name)) {
        throw new InvalidInputException("unknown YCSB property '" + name + "' " + where
            + closest(name).map(guess -> "; did you mean '" + guess + "'?").orElse("")
            + " (known: " + String.join(", ", new TreeSet<>(KNOWN)) + ")");
      }
    }
  }

  private static java.util.Optional<String> closest(String name) {
    return KNOWN.stream().filter(known -> editDistance(known, name) <= 2).findFirst();
  }

  private static int editDistance(String a, String b) {
    int[] previous = new int[b.length() + 1];
    for (int j = 0; j <= b.length(); j++) {
      previous[j] = j;
    }
    for (int i = 1; i <= a.length(); i++) {
      int[] current = new int[b.length() + 1];
      current[0] = i;
      for (int j = 1; j <= b.length(); j++) {
        int substitution = previous[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
        current[j] = Math.min(substitution, Math.min(previous[j], current[j - 1]) + 1);
      }
      previous = current;
    }
    return previous[b.length()];
  }

  /** Every public String constant of YCSB's configuration classes that names a property (not a default). */
  private static Set<String> collect() {
    Set<String> names = new TreeSet<>(UNDECLARED);
    names.addAll(NativeHBaseClient.PROPERTIES);
    for (Class<?> type : new Class<?>[] {Client.class, Workload.class, CoreWorkload.class, Measurements.class,
        OneMeasurementHdrHistogram.class, OneMeasurementHistogram.class, OneMeasurementTimeSeries.class,
        ExponentialGenerator.class}) {
      for (Field field : type.getFields()) {
        int modifiers = field.getModifiers();
        if (Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers) && field.getType() == String.class
            && !field.getName().contains("DEFAULT") && !field.getName().endsWith("_DESC")) {
          try {
            names.add((String) field.get(null));
          } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + type.getName() + "." + field.getName(), e);
          }
        }
      }
    }
    return names.stream().collect(Collectors.toUnmodifiableSet());
  }
}
