package org.hbaseturbo.bench.compression;

import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.SplittableRandom;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Smart-home sensor readings with the compression paper's schema (its Table II): {@code house:mac},
 * {@code house:datetime}, {@code ch:1..3} (watts per channel), {@code readings:temp}, {@code readings:gas},
 * {@code app:1..10} (watts per appliance). A few houses report every minute, in time order; each reading
 * drifts slowly from the previous one and appliances switch on and off now and then, as real meters do.
 * Values are text, as the paper's Python client sent them. Row {@code i} is the same on every call, so that
 * each codec stores identical data.
 */
public final class SensorRows {
  public static final byte[] HOUSE = Bytes.toBytes("house");
  public static final byte[] CHANNELS = Bytes.toBytes("ch");
  public static final byte[] READINGS = Bytes.toBytes("readings");
  public static final byte[] APPLIANCES = Bytes.toBytes("app");
  public static final byte[][] FAMILIES = {HOUSE, CHANNELS, READINGS, APPLIANCES};

  private static final int HOUSES = 5;
  private static final long START = 1_577_836_800L; // 2020-01-01T00:00:00Z
  private static final DateTimeFormatter DATETIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT).withZone(ZoneOffset.UTC);
  private static final int[] APPLIANCE_WATTS = {60, 150, 800, 2_000, 120, 40, 1_200, 90, 300, 15};

  private SensorRows() {
  }

  /** Row {@code i}: house {@code i % 5} at minute {@code i / 5}. */
  public static Put row(long i) {
    int house = (int) (i % HOUSES);
    long minute = i / HOUSES;
    long epoch = START + minute * 60;
    // Readings are smooth functions of time plus small noise seeded by the row, so any row can be made alone.
    SplittableRandom noise = new SplittableRandom(i * 0x9E3779B97F4A7C15L);
    double dayPhase = 2 * Math.PI * (minute % 1_440) / 1_440.0;
    Put put = new Put(Bytes.toBytes(String.format(Locale.ROOT, "h%02d-%d", house, epoch)));
    put.addColumn(HOUSE, Bytes.toBytes("mac"), Bytes.toBytes(String.format(Locale.ROOT, "b8:27:eb:4f:1c:%02x", house)));
    put.addColumn(HOUSE, Bytes.toBytes("datetime"), Bytes.toBytes(DATETIME.format(Instant.ofEpochSecond(epoch))));
    for (int channel = 1; channel <= 3; channel++) {
      long watts = Math.round(200 * channel + 150 * Math.sin(dayPhase + channel) + noise.nextInt(10));
      put.addColumn(CHANNELS, Bytes.toBytes(String.valueOf(channel)), Bytes.toBytes(String.valueOf(watts)));
    }
    double temperature = 20.5 + 2.5 * Math.sin(dayPhase - 1) + house * 0.3 + noise.nextInt(5) / 100.0;
    put.addColumn(READINGS, Bytes.toBytes("temp"), Bytes.toBytes(String.format(Locale.ROOT, "%.2f", temperature)));
    double gas = 0.031 + 0.004 * Math.sin(dayPhase) + noise.nextInt(3) / 1_000.0;
    put.addColumn(READINGS, Bytes.toBytes("gas"), Bytes.toBytes(String.format(Locale.ROOT, "%.3f", gas)));
    for (int appliance = 1; appliance <= 10; appliance++) {
      // Each appliance runs in stretches of an hour or so: on in some hours of the day, off in the others.
      boolean on = ((minute / 60 + appliance * 7 + house) % 5) == 0;
      long watts = on ? APPLIANCE_WATTS[appliance - 1] + noise.nextInt(5) : 0;
      put.addColumn(APPLIANCES, Bytes.toBytes(String.valueOf(appliance)), Bytes.toBytes(String.valueOf(watts)));
    }
    return put;
  }
}
