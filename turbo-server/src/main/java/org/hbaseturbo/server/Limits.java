package org.hbaseturbo.server;

import org.apache.hadoop.conf.Configuration;

/** Reading a server-side limit: positive numbers, byte sizes with Hadoop's suffixes (k, m, g). */
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

  private static String expected(boolean bytes) {
    return bytes ? "a positive size in bytes (suffixes k, m, g allowed)" : "a positive whole number";
  }
}
