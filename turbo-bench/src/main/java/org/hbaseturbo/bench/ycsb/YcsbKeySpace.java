package org.hbaseturbo.bench.ycsb;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.random.RandomGenerator;
import site.ycsb.Client;
import site.ycsb.Utils;
import site.ycsb.Workload;
import site.ycsb.workloads.CoreWorkload;

/**
 * The keys a YCSB run reads and updates, as CoreWorkload 0.17 numbers and names them: the numbers from
 * {@code insertstart} on, {@code insertcount} of them (default: up to {@code recordcount}), the range its request
 * distributions draw from; each named "user" and the number ({@link Utils#hash hashed} unless {@code insertorder} is
 * ordered), zero-padded to {@code zeropadding} digits. YCSB 0.17 keeps that naming in a protected method
 * ({@code buildKeyName(long)}), so it is written again here, and a test holds it to YCSB's.
 */
record YcsbKeySpace(long first, long count, int zeroPadding, boolean ordered) {
  /** The key space of a run's properties, which {@link YcsbWorkloadRules} has found consistent. */
  static YcsbKeySpace of(Properties props) {
    long records = Long.parseLong(props.getProperty(Client.RECORD_COUNT_PROPERTY));
    long first = Long.parseLong(props.getProperty(Workload.INSERT_START_PROPERTY,
        Workload.INSERT_START_PROPERTY_DEFAULT));
    long count = Long.parseLong(props.getProperty(Client.INSERT_COUNT_PROPERTY, String.valueOf(records - first)));
    int zeroPadding = Integer.parseInt(props.getProperty(CoreWorkload.ZERO_PADDING_PROPERTY,
        CoreWorkload.ZERO_PADDING_PROPERTY_DEFAULT));
    // As CoreWorkload reads it: anything but "hashed" is ordered.
    boolean ordered = !props.getProperty(CoreWorkload.INSERT_ORDER_PROPERTY,
        CoreWorkload.INSERT_ORDER_PROPERTY_DEFAULT).equals("hashed");
    return new YcsbKeySpace(first, count, zeroPadding, ordered);
  }

  /**
   * {@code key}, then {@code rows - 1} keys drawn uniformly from this space, with replacement: a batch may name a
   * row twice, as HBase takes it.
   */
  List<String> batch(String key, int rows, RandomGenerator random) {
    List<String> keys = new ArrayList<>(rows);
    keys.add(key);
    while (keys.size() < rows) {
      keys.add(name(random.nextLong(first, first + count)));
    }
    return keys;
  }

  /** The key of record {@code number}, as CoreWorkload names it. */
  String name(long number) {
    String digits = Long.toString(ordered ? number : Utils.hash(number));
    return "user" + "0".repeat(Math.max(0, zeroPadding - digits.length())) + digits;
  }
}
