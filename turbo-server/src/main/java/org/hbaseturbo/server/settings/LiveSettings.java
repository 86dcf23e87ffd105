package org.hbaseturbo.server.settings;

import java.util.Objects;
import java.util.function.BiConsumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Server;
import org.apache.hadoop.hbase.coprocessor.RegionCoprocessorEnvironment;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A component's settings as its RegionServer's configuration gives them now: parsed at start, and parsed again
 * when {@code update_config} changed the configuration ({@link ConfigurationWatch}). A request reads them with one
 * volatile read ({@link #get}).
 *
 * <p>A value that does not parse changes nothing: one WARN names it, and the settings in force stay until a
 * change that parses. What a component reads only at start (a thread count, what UCX may use) it keeps; its
 * listener says so ({@link #onChange}).
 *
 * <p>Where HBase gives a coprocessor a copy of the configuration rather than the RegionServer's own (a table's
 * coprocessor attribute with properties of its own), the copy never changes, and so neither do the settings: they
 * change when the region opens again.
 *
 * @param <T> the component's settings, a value with {@code equals}
 */
public final class LiveSettings<T> implements Supplier<T>, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(LiveSettings.class);

  private final String component;
  private final Configuration read;
  private final Function<Configuration, T> parser;
  private final ConfigurationWatch watch;
  private volatile T current;
  /** Told, on the watch's thread, the settings before and after each change that parsed. */
  private volatile BiConsumer<T, T> listener = (before, after) -> { };

  private LiveSettings(String component, Configuration read, Function<Configuration, T> parser,
      ConfigurationWatch watch) {
    this.component = component;
    this.read = read;
    this.parser = parser;
    this.watch = watch;
    this.current = Objects.requireNonNull(parser.apply(read), "parsed settings are null");
  }

  /**
   * Settings parsed from {@code read}, parsed again whenever {@code source} (the RegionServer's own configuration,
   * which {@code read} reflects) changes.
   *
   * @param component how the log names them
   * @throws IllegalArgumentException as {@code parser} does, naming what is wrong: the component's start decides
   */
  public static <T> LiveSettings<T> watch(String component, Configuration source, Configuration read,
      Function<Configuration, T> parser) {
    LiveSettings<T> settings = of(component, source, read, parser, ConfigurationWatch.JVM);
    ConfigurationWatch.JVM.startThread();
    return settings;
  }

  /** As {@link #watch}, with the watch given (tests compare without a thread). */
  static <T> LiveSettings<T> of(String component, Configuration source, Configuration read,
      Function<Configuration, T> parser, ConfigurationWatch watch) {
    LiveSettings<T> settings = new LiveSettings<>(component, read, parser, watch);
    watch.watch(source, settings);
    return settings;
  }

  /**
   * The configuration of the RegionServer a region coprocessor runs on: the one {@code update_config} reloads, which
   * the region's own configuration reflects (with the table's values over it).
   */
  public static Configuration regionServerConfiguration(RegionCoprocessorEnvironment env) {
    // Server is HBase-private, but it is the only way from a region to the RegionServer's own configuration.
    return env.getOnlineRegions() instanceof Server server ? server.getConfiguration() : env.getConfiguration();
  }

  /** The settings in force. */
  @Override
  public T get() {
    return current;
  }

  /** Has {@code listener} told of each change that parsed, with the settings before and after it. */
  public LiveSettings<T> onChange(BiConsumer<T, T> listener) {
    this.listener = listener;
    return this;
  }

  /**
   * Parses the configuration again; keeps what is in force if it does not parse. Never throws.
   *
   * @return what to log: the refusal (WARN) or the change (INFO), null when nothing changed. The watch logs each
   *     text once, so that a value refused in a thousand regions is one WARN.
   */
  Outcome reread() {
    T next;
    try {
      next = parser.apply(read);
    } catch (RuntimeException e) {
      return new Outcome(true, component + ": the changed configuration is refused and the settings in force stay: "
          + e.getMessage());
    }
    T before = current;
    if (next.equals(before)) {
      return null;
    }
    current = next;
    try {
      listener.accept(before, next);
    } catch (RuntimeException e) {
      LOG.warn("{}: applying the changed settings failed", component, e);
    }
    return new Outcome(false, component + ": settings changed to " + next);
  }

  /** What a re-read has to say: a refusal (WARN) or a change (INFO). */
  record Outcome(boolean refused, String text) {
  }

  /** Stops following the configuration; {@link #get} keeps the last settings. */
  @Override
  public void close() {
    watch.forget(this);
  }
}
