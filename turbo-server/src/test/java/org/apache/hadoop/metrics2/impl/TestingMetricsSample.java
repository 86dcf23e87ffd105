package org.apache.hadoop.metrics2.impl;

import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;

/**
 * The records HBase's {@code /prometheus} prints: a sample of the sources Hadoop's metrics system runs now
 * ({@code MetricsSystemImpl.sampleMetrics}, what HBase 2.6's {@code MetricsExportHelper} reads), none while the
 * system is stopped. In Hadoop's package because the sample's types are package-private there; HBase 2.5 has no
 * {@code MetricsExportHelper}.
 */
public final class TestingMetricsSample {
  private TestingMetricsSample() {
  }

  /** The records of every running source, as one read of {@code /prometheus} has them. */
  public static List<MetricsRecord> records() {
    List<MetricsRecord> records = new ArrayList<>();
    for (MetricsBuffer.Entry entry : ((MetricsSystemImpl) DefaultMetricsSystem.instance()).sampleMetrics()) {
      entry.records().forEach(records::add);
    }
    return records;
  }
}
