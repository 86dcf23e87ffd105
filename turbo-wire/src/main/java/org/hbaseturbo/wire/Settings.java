package org.hbaseturbo.wire;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;

/**
 * Reading Turbo's numeric settings from a Hadoop {@link Configuration}, on clients and RegionServers alike. Units go
 * in values, as in Hadoop's and HBase's own settings: sizes by {@link Configuration#getLongBytes} (4m, 1g),
 * durations by {@link Configuration#getTimeDuration} (100ms, 2s, 50us; a number alone is in the setting's own
 * unit, which is what its key named before keys stopped naming units). Each refusal names the key, the value and
 * what was expected.
 */
public final class Settings {
  private Settings() {
  }

  /**
   * @param min the least value accepted: 1 for a count that must be positive, 0 where none is a choice
   * @throws IllegalArgumentException naming the key when the value is no whole number, or less than {@code min}
   */
  public static long count(Configuration conf, String key, long defaultValue, long min) {
    long value;
    try {
      value = conf.getLong(key, defaultValue);
    } catch (NumberFormatException e) {
      throw refused(conf, key, "a whole number", e);
    }
    return atLeast(conf, key, value, min, min == 0 ? "0 or more" : min == 1 ? "a positive whole number"
        : "a whole number of at least " + min);
  }

  /** @throws IllegalArgumentException naming the key when the value is no positive size */
  public static long bytes(Configuration conf, String key, long defaultValue) {
    return bytes(conf, key, defaultValue, Long.MAX_VALUE);
  }

  /** @throws IllegalArgumentException naming the key when the value is no positive size, or larger than {@code max} */
  public static long bytes(Configuration conf, String key, long defaultValue, long max) {
    String expected = "a positive size in bytes" + (max == Long.MAX_VALUE ? "" : " of at most " + max)
        + " (suffixes k, m, g allowed)";
    long value;
    try {
      value = conf.getLongBytes(key, defaultValue);
    } catch (IllegalArgumentException e) {
      // NumberFormatException for "abc", IllegalArgumentException for a bad suffix.
      throw refused(conf, key, expected, e);
    }
    if (value > max) {
      throw refused(conf, key, expected, null);
    }
    return atLeast(conf, key, value, 1, expected);
  }

  /**
   * @param bareUnit the unit of a number given without one
   * @param min the shortest duration accepted ({@link Duration#ZERO} where none is a choice)
   * @throws IllegalArgumentException naming the key when the value is no duration, or shorter than {@code min}
   */
  public static Duration duration(Configuration conf, String key, Duration defaultValue, TimeUnit bareUnit,
      Duration min) {
    String expected = "a duration of at least " + describe(min) + " such as 100ms, 2s or 50us (a number alone is in "
        + bareUnit.name().toLowerCase(java.util.Locale.ROOT) + ")";
    if (conf.get(key) == null) {
      return defaultValue;
    }
    long nanos;
    try {
      // The default is never read here: getTimeDuration would take it in bareUnit.
      nanos = conf.getTimeDuration(key, 0, bareUnit, TimeUnit.NANOSECONDS);
    } catch (IllegalArgumentException e) {
      throw refused(conf, key, expected, e);
    }
    atLeast(conf, key, nanos, min.toNanos(), expected);
    return Duration.ofNanos(nanos);
  }

  private static long atLeast(Configuration conf, String key, long value, long min, String expected) {
    if (value < min) {
      throw refused(conf, key, expected, null);
    }
    return value;
  }

  private static IllegalArgumentException refused(Configuration conf, String key, String expected,
      Exception cause) {
    return new IllegalArgumentException(key + " is '" + conf.get(key) + "'; expected " + expected, cause);
  }

  private static String describe(Duration duration) {
    return duration.isZero() ? "0" : duration.toNanos() % 1_000_000 == 0 ? duration.toMillis() + "ms"
        : duration.toNanos() % 1_000 == 0 ? duration.toNanos() / 1_000 + "us" : duration.toNanos() + "ns";
  }
}
