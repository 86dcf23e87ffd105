package org.hbaseturbo.bench.ycsb;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/**
 * Receives YCSB's measurements and keeps them as {@link OperationStats}, while passing each one on to
 * another exporter (YCSB's text summary for the user).
 */
final class CollectingExporter implements MeasurementsExporter {
  private final MeasurementsExporter next;
  private final Map<String, Map<String, Double>> values = new LinkedHashMap<>();

  CollectingExporter(MeasurementsExporter next) {
    this.next = next;
  }

  @Override
  public void write(String metric, String measurement, int value) throws java.io.IOException {
    keep(metric, measurement, value);
    next.write(metric, measurement, value);
  }

  @Override
  public void write(String metric, String measurement, long value) throws java.io.IOException {
    keep(metric, measurement, value);
    next.write(metric, measurement, value);
  }

  @Override
  public void write(String metric, String measurement, double value) throws java.io.IOException {
    keep(metric, measurement, value);
    next.write(metric, measurement, value);
  }

  @Override
  public void close() throws java.io.IOException {
    next.close();
  }

  private void keep(String metric, String measurement, double value) {
    values.computeIfAbsent(metric, key -> new HashMap<>()).put(measurement, value);
  }

  /**
   * Operation types that were measured. YCSB also reports an {@code -FAILED} series per type, the time of
   * each thread's {@code CLEANUP}, and the {@code OVERALL} and GC series; only operation types are kept.
   */
  Map<String, OperationStats> operations() {
    Map<String, OperationStats> result = new TreeMap<>();
    values.forEach((metric, measures) -> {
      Double count = measures.get("Operations");
      if (count == null || count == 0 || metric.endsWith("-FAILED") || metric.equals("CLEANUP")) {
        return;
      }
      Map<String, Long> returns = new TreeMap<>();
      measures.forEach((name, value) -> {
        if (name.startsWith("Return=")) {
          returns.put(name.substring("Return=".length()), value.longValue());
        }
      });
      result.put(metric, new OperationStats(count.longValue(), measures.getOrDefault("AverageLatency(us)", 0.0),
          percentile(metric, measures, 50), percentile(metric, measures, 95), percentile(metric, measures, 99),
          measures.getOrDefault("MaxLatency(us)", 0.0), returns));
    });
    return result;
  }

  private static double percentile(String metric, Map<String, Double> measures, int percentile) {
    Double value = measures.get(percentile + "thPercentileLatency(us)");
    if (value == null) {
      throw new IllegalStateException("YCSB reported no " + percentile + "th percentile for " + metric
          + "; the phase must run with measurementtype=hdrhistogram and hdrhistogram.percentiles=50,95,99");
    }
    return value;
  }
}
