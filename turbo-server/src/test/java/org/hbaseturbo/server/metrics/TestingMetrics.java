package org.hbaseturbo.server.metrics;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import javax.management.MalformedObjectNameException;
import javax.management.ObjectName;
import org.apache.hadoop.metrics2.AbstractMetric;
import org.apache.hadoop.metrics2.MetricsRecord;
import org.apache.hadoop.metrics2.MetricsTag;
import org.apache.hadoop.metrics2.impl.MetricsExportHelper;

/**
 * Reads a Turbo source as HBase's {@code /prometheus} does (a fresh sample of every registered source), and whether
 * its JMX bean is there, as {@code /jmx} lists them.
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
    for (MetricsRecord record : MetricsExportHelper.export()) {
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

  /** How many records the metrics system has of {@code source}: 1 while registered, never 2. */
  public static long records(String source) {
    return MetricsExportHelper.export().stream().filter(record -> record.name().equals(source)).count();
  }
}
