package org.hbaseturbo.server.metrics;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.MetricsSource;
import org.apache.hadoop.metrics2.MetricsTag;
import org.apache.hadoop.metrics2.impl.MetricsCollectorImpl;
import org.apache.hadoop.metrics2.impl.TestingMetricsSample;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;

/**
 * Reads a Turbo source as HBase's {@code /prometheus} does (a fresh sample of the source registered in the metrics
 * system), and whether its JMX bean is there, as {@code /jmx} lists them. Through Hadoop's metrics system alone, so
 * the same on HBase 2.5, which has no {@code MetricsExportHelper}.
 */
public final class TestingMetrics {
  private TestingMetrics() {
  }

  /** One record: its metrics and tags by name. */
  public record Figures(Map<String, Number> metrics, Map<String, String> tags) {
    public long get(String name) {
      Number value = metrics.get(name);
      if (value == null) {
        throw new AssertionError("no metric " + name + " in " + metrics.keySet());
      }
      return value.longValue();
    }

    public double fraction(String name) {
      get(name);
      return metrics.get(name).doubleValue();
    }
  }

  /** The source's figures now; empty when it is not registered. */
  public static Optional<Figures> read(String source) {
    for (MetricsRecord record : sample(source)) {
      if (record.name().equals(source)) {
        Map<String, Number> metrics = new HashMap<>();
        for (AbstractMetric metric : record.metrics()) {
          metrics.put(metric.name(), metric.value());
        }
        Map<String, String> tags = new HashMap<>();
        for (MetricsTag tag : record.tags()) {
          tags.put(tag.name(), tag.value());
        }
        return Optional.of(new Figures(metrics, tags));
      }
    }
    return Optional.empty();
  }

  public static Figures require(String source) {
    return read(source).orElseThrow(() -> new AssertionError("source " + source + " is not registered"));
  }

  /** Whether {@code Hadoop:service=HBase,name=RegionServer,sub=SOURCE} is a JMX bean of this JVM. */
  public static boolean inJmx(String source) {
    try {
      return ManagementFactory.getPlatformMBeanServer().isRegistered(
          new ObjectName("Hadoop:service=HBase,name=RegionServer,sub=" + source));
    } catch (MalformedObjectNameException e) {
      throw new IllegalArgumentException(e);
    }
  }

  /**
   * How many records of {@code source} a read of {@code /prometheus} prints now: 1 while it is registered and the
   * metrics system runs, none while the system is stopped.
   */
  public static long printed(String source) {
    return TestingMetricsSample.records().stream().filter(record -> record.name().equals(source)).count();
  }

  /** How many records the metrics system has of {@code source}: 1 while registered, never 2. */
  public static long records(String source) {
    return sample(source).stream().filter(record -> record.name().equals(source)).count();
  }

  /** A fresh sample of the source registered as {@code RegionServer,sub=SOURCE}: none when nothing is. */
  private static List<? extends MetricsRecord> sample(String source) {
    MetricsSource registered = DefaultMetricsSystem.instance().getSource(TurboMetricsSource.JMX_PREFIX + source);
    if (registered == null) {
      return List.of();
    }
    MetricsCollectorImpl collector = new MetricsCollectorImpl();
    registered.getMetrics(collector, true);
    return collector.getRecords();
  }
}
