package org.hbaseturbo.server;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;

/**
 * Reading a server-side limit: positive numbers, byte sizes with Hadoop's suffixes (k, m, g), durations with
 * Hadoop's units (ms, s, m).
 */
public final class Limits {
  private Limits() {
  }

  /** @throws IllegalArgumentException naming the key when the value is not positive or not a number */
  public static long positive(Configuration conf, String key, long defaultValue, boolean bytes) {
    long value;
    try {
      value = bytes ? conf.getLongBytes(key, defaultValue) : conf.getLong(key, defaultValue);
    } catch (IllegalArgumentException e) {
      // NumberFormatException for "abc" in a count, IllegalArgumentException for a bad size suffix.
      throw new IllegalArgumentException(key + " is '" + conf.get(key) + "'; expected " + expected(bytes), e);
    }
    if (value <= 0) {
      throw new IllegalArgumentException(key + " is " + value + "; expected " + expected(bytes));
    }
    return value;
  }

  /**
   * @throws IllegalArgumentException naming the key when the value is not a positive duration ("100ms", "2s"; a
   *     number alone is milliseconds) of at least a millisecond
   */
  public static Duration positiveDuration(Configuration conf, String key, Duration defaultValue) {
    String expected = "a positive duration such as 100ms or 2s (a number alone is milliseconds)";
    long millis;
    try {
      millis = conf.getTimeDuration(key, defaultValue.toMillis(), TimeUnit.MILLISECONDS);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(key + " is '" + conf.get(key) + "'; expected " + expected, e);
    }
    if (millis <= 0) {
      throw new IllegalArgumentException(key + " is '" + conf.get(key) + "'; expected " + expected);
    }
    return Duration.ofMillis(millis);
  }

  private static String expected(boolean bytes) {
    return bytes ? "a positive size in bytes (suffixes k, m, g allowed)" : "a positive whole number";
  }
}
