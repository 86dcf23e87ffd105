package org.hbaseturbo.server.metrics;

import org.apache.hadoop.hbase.metrics.BaseSourceImpl;
import org.apache.hadoop.metrics2.MetricsCollector;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.lib.Interns;

/**
 * One capability's figures, published the way HBase publishes its RegionServer's own: a Hadoop metrics2 source
 * named {@code RegionServer,sub=NAME} in HBase's metrics system, so that it is the JMX bean
 * {@code Hadoop:service=HBase,name=RegionServer,sub=NAME} on the info server's {@code /jmx}, and its figures are
 * {@code name_metric} lines on {@code /prometheus} (HBase 2.6 and later).
 *
 * <p>A source counts nothing itself: each snapshot reads the capability's own counters, so that there is one count
 * of everything, read by the stats endpoint and the metrics alike. Sources are one per JVM and sum the RegionServers
 * of the JVM (one in a deployment, several in an embedded cluster). {@link BaseSourceImpl}'s constructor registers the
 * source before a subclass's fields are set, and the metrics system may snapshot it at once: a subclass keeps no
 * state of its own, it reads the capability's.
 *
 * <p>Register one through {@link MetricsRegistration}, never by constructing it.
 */
public abstract class TurboMetricsSource extends BaseSourceImpl {
  /** The metrics context of HBase's RegionServer sources, which becomes their {@code context} tag. */
  static final String CONTEXT = "regionserver";
  /** Where HBase's RegionServer sources live in its metrics system; the JMX name's {@code name=}. */
  static final String JMX_PREFIX = "RegionServer,sub=";

  protected TurboMetricsSource(String name, String description) {
    super(name, description, CONTEXT, JMX_PREFIX + name);
  }

  // deprecation: BaseSourceImpl's metrics2 registry, which HBase's own RegionServer sources still snapshot; its
  // replacement (hbase-metrics-api) publishes under sub=Coprocessor.* names, not beside them.
  @Override
  @SuppressWarnings("deprecation")
  public void getMetrics(MetricsCollector collector, boolean all) {
    MetricsRecordBuilder record = collector.addRecord(metricsRegistry.info());
    metricsRegistry.snapshot(record, all);
    snapshot(record);
  }

  /** Adds the capability's figures as they are now. */
  protected abstract void snapshot(MetricsRecordBuilder record);

  /** A metric's name and description, interned as metrics2 wants them. */
  protected static MetricsInfo info(String name, String description) {
    return Interns.info(name, description);
  }

  /**
   * A tag value that HBase's {@code /prometheus} can print: it writes tag values between double quotes without
   * escaping them.
   */
  protected static String tagValue(String value) {
    return value == null ? "" : value.replaceAll("[\"\\\\]", " ").replaceAll("\\s+", " ").strip();
  }
}
