package org.hbaseturbo.server.metrics;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.metrics.MetricRegistries;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Registers each Turbo metrics source once per JVM, while anything holds it: a coprocessor holds its capability's
 * source from its start to its stop. Region coprocessors start once per region and RegionServer coprocessors once
 * per RegionServer (several in an embedded cluster), and a RegionServer coprocessor may be stopped and loaded
 * again; the source is registered when the first holder starts and unregistered when the last one stops, so that
 * it is never registered twice (metrics2 refuses a second source of a name) and none is left behind.
 *
 * <p>Metrics never fail a RegionServer: a source that cannot be registered or unregistered is logged once, as a
 * WARN naming it and why, and the capability goes on without it.
 */
public final class MetricsRegistration {
  private static final Logger LOG = LoggerFactory.getLogger(MetricsRegistration.class);
  /** Guarded by the class: the registered sources by name, and how many hold each. */
  private static final Map<String, Registered> REGISTERED = new HashMap<>();
  /** Guarded by the class: sources already warned about. */
  private static final Set<String> WARNED = new HashSet<>();

  private record Registered(TurboMetricsSource source, int holders) {
  }

  /** A hold on a source; {@link #close} gives it back once, and further closes do nothing. */
  public static final class Hold implements AutoCloseable {
    private final String name;
    private final AtomicBoolean held;

    private Hold(String name, boolean held) {
      this.name = name;
      this.held = new AtomicBoolean(held);
    }

    /** Whether it holds a registered source: false once closed, or where the source could not be registered. */
    public boolean held() {
      return held.get();
    }

    @Override
    public void close() {
      if (held.compareAndSet(true, false)) {
        release(name);
      }
    }
  }

  private MetricsRegistration() {
  }

  /**
   * Holds the source called {@code name}, registering it with {@code create} if nothing holds it yet. Never throws.
   *
   * @param create builds the source, which registers it (metrics2 sources register in their constructor)
   */
  public static synchronized Hold hold(String name, Supplier<? extends TurboMetricsSource> create) {
    Registered registered = REGISTERED.get(name);
    if (registered != null) {
      REGISTERED.put(name, new Registered(registered.source(), registered.holders() + 1));
      return new Hold(name, true);
    }
    try {
      TurboMetricsSource source = create.get();
      if (!source.getMetricsName().equals(name)) {
        unregister(source);
        throw new IllegalArgumentException("the source is called " + source.getMetricsName() + ", not " + name);
      }
      REGISTERED.put(name, new Registered(source, 1));
      return new Hold(name, true);
    } catch (RuntimeException | LinkageError e) {
      warnOnce(name, "cannot be registered; the RegionServer runs on without it", e);
      return new Hold(name, false);
    }
  }

  /** Whether the source called {@code name} is registered, and so published. */
  public static synchronized boolean isRegistered(String name) {
    return REGISTERED.containsKey(name);
  }

  private static synchronized void release(String name) {
    Registered registered = REGISTERED.get(name);
    if (registered == null) {
      return;
    }
    if (registered.holders() > 1) {
      REGISTERED.put(name, new Registered(registered.source(), registered.holders() - 1));
      return;
    }
    REGISTERED.remove(name);
    try {
      unregister(registered.source());
    } catch (RuntimeException | LinkageError e) {
      warnOnce(name, "cannot be unregistered", e);
    }
  }

  private static void unregister(TurboMetricsSource source) {
    DefaultMetricsSystem.instance().unregisterSource(source.getMetricsJmxContext());
    // BaseSourceImpl also made an hbase-metrics registry of the same name, counted per creation.
    MetricRegistries.global().remove(source.getMetricRegistryInfo());
  }

  private static void warnOnce(String name, String what, Throwable cause) {
    if (WARNED.add(name)) {
      LOG.warn("metrics source {}{} {}: {}", TurboMetricsSource.JMX_PREFIX, name, what, cause.toString());
    }
  }
}
