package org.hbaseturbo.server.settings;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.hbaseturbo.common.DaemonThreads;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Notices that a RegionServer's configuration changed ({@code update_config}: HBase reloads its {@code hbase-site.xml}
 * into the same {@link Configuration} object) and has the {@link LiveSettings} read from it parse theirs again.
 *
 * <p>Why it polls: HBase tells coprocessors of {@code update_config} only on 2.6
 * ({@code RegionServerObserver.postUpdateRegionServerConfiguration}, RegionServer coprocessors only), and its
 * {@code ConfigurationManager} is reachable only through private API (package-private on 2.5). Comparing the
 * configuration's values once a second works the same on 2.5 and 2.6 with public API, for region and RegionServer
 * coprocessors alike, and costs one copy of a few hundred strings per RegionServer per second.
 *
 * <p>One daemon thread per JVM ({@link #JVM}) watches every RegionServer of the JVM; it is started by the first
 * settings it watches. A change is compared per configuration object, so the region settings of a thousand regions
 * cost one comparison, and parse again only when their RegionServer's configuration changed.
 */
public final class ConfigurationWatch {
  private static final Logger LOG = LoggerFactory.getLogger(ConfigurationWatch.class);
  /** How often the JVM's watch compares: a changed setting is in force within about this long of update_config. */
  static final long PERIOD_MILLIS = 1_000;
  /** The watch of this JVM, whose thread starts with the first settings it watches. */
  static final ConfigurationWatch JVM = new ConfigurationWatch();

  /** Guarded by this: each watched configuration, by identity, with its values when last compared. */
  private final Map<Configuration, Watched> watched = new IdentityHashMap<>();
  /** Guarded by this. */
  private boolean started;

  private static final class Watched {
    Map<String, String> values;
    final List<LiveSettings<?>> settings = new ArrayList<>();

    Watched(Map<String, String> values) {
      this.values = values;
    }
  }

  ConfigurationWatch() {
  }

  /** Starts the JVM's thread, once. */
  synchronized void startThread() {
    if (started) {
      return;
    }
    started = true;
    Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("TurboConfigurationWatch"))
        .scheduleWithFixedDelay(this::checkOrLog, PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
  }

  /** Parses {@code settings} again whenever {@code source} changes, until {@link #forget}. */
  synchronized void watch(Configuration source, LiveSettings<?> settings) {
    Watched entry = watched.get(source);
    if (entry == null) {
      entry = new Watched(valuesOf(source));
      watched.put(source, entry);
    }
    entry.settings.add(settings);
  }

  /** Stops watching for {@code settings}; a configuration no settings read from any more is dropped. */
  synchronized void forget(LiveSettings<?> settings) {
    watched.values().removeIf(entry -> entry.settings.remove(settings) && entry.settings.isEmpty());
  }

  /** A scheduled task that throws is never run again: whatever fails, the next second compares again. */
  private void checkOrLog() {
    try {
      check();
    } catch (RuntimeException e) {
      LOG.warn("comparing the RegionServers' configurations failed; comparing again in {} ms", PERIOD_MILLIS, e);
    }
  }

  /** Compares every watched configuration with its values when last compared; re-reads the settings of each changed. */
  void check() {
    List<LiveSettings<?>> changed = new ArrayList<>();
    synchronized (this) {
      for (Map.Entry<Configuration, Watched> entry : watched.entrySet()) {
        Map<String, String> now;
        try {
          now = valuesOf(entry.getKey());
        } catch (ConcurrentModificationException e) {
          continue; // HBase was writing it: compared again next time
        }
        if (!now.equals(entry.getValue().values)) {
          entry.getValue().values = now;
          changed.addAll(entry.getValue().settings);
        }
      }
    }
    // Outside the lock: a listener may watch or forget settings (a reaper rescheduled, a region closing).
    Set<LiveSettings.Outcome> outcomes = new LinkedHashSet<>();
    for (LiveSettings<?> settings : changed) {
      LiveSettings.Outcome outcome = settings.reread();
      if (outcome != null) {
        outcomes.add(outcome);
      }
    }
    for (LiveSettings.Outcome outcome : outcomes) {
      if (outcome.refused()) {
        LOG.warn(outcome.text());
      } else {
        LOG.info(outcome.text());
      }
    }
  }

  synchronized int watchedConfigurations() {
    return watched.size();
  }

  /** The raw values, as the XML and the overlay give them: the properties a reload replaces. */
  private static Map<String, String> valuesOf(Configuration conf) {
    Map<String, String> values = new HashMap<>();
    for (Map.Entry<String, String> entry : conf) {
      values.put(entry.getKey(), entry.getValue());
    }
    return values;
  }
}
