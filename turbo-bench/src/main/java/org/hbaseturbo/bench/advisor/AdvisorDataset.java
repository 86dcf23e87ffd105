package org.hbaseturbo.bench.advisor;

import java.util.Arrays;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.bench.compression.SensorRows;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.tune.split.YcsbKeys;
import site.ycsb.RandomByteIterator;

/** The three kinds of data the advisor is checked on; row {@code i} of each is made alone. */
public enum AdvisorDataset {
  /** The compression paper's smart-home readings: short numeric text, slowly varying, four families. */
  SENSOR("the compression paper's smart-home readings (Table II schema), time-ordered", SensorRows.FAMILIES) {
    @Override
    Put row(long i) {
      return SensorRows.row(i);
    }
  },
  /** YCSB's default record: random values that no codec shrinks much. */
  YCSB("YCSB's default record: 10 fields of 100 random bytes (YCSB's own RandomByteIterator), hashed keys",
      YcsbRecords.FAMILY) {
    @Override
    Put row(long i) {
      Put put = YcsbRecords.put(i);
      for (int field = 0; field < YcsbRecords.FIELDS; field++) {
        put.addColumn(YcsbRecords.FAMILY[0], YcsbRecords.field(field),
            new RandomByteIterator(YcsbRecords.FIELD_LENGTH).toArray());
      }
      return put;
    }
  },
  /** YCSB's record shape with English-like words for values. */
  TEXT("YCSB's record shape with English-like values: words of a fixed vocabulary drawn by Zipf's law, seeded",
      YcsbRecords.FAMILY) {
    @Override
    Put row(long i) {
      SplittableRandom random = new SplittableRandom(i * 0x9E3779B97F4A7C15L);
      Put put = YcsbRecords.put(i);
      for (int field = 0; field < YcsbRecords.FIELDS; field++) {
        put.addColumn(YcsbRecords.FAMILY[0], YcsbRecords.field(field),
            TextValues.value(random, YcsbRecords.FIELD_LENGTH));
      }
      return put;
    }
  };

  private final String description;
  private final byte[][] families;

  AdvisorDataset(String description, byte[][] families) {
    this.description = description;
    this.families = families;
  }

  public String description() {
    return description;
  }

  /** The families the rows write, each advised on alone (HBase compresses per family). */
  byte[][] families() {
    return families;
  }

  abstract Put row(long i);

  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The dataset named {@code label} ({@code sensor}, {@code ycsb} or {@code text}). */
  public static AdvisorDataset of(String label) {
    for (AdvisorDataset dataset : values()) {
      if (dataset.label().equals(label)) {
        return dataset;
      }
    }
    throw new InvalidInputException("unknown dataset '" + label + "': expected one of " + labels());
  }

  /** Every dataset's label, for messages: "sensor, ycsb, text". */
  static String labels() {
    return Arrays.stream(values()).map(AdvisorDataset::label).collect(Collectors.joining(", "));
  }

  /** YCSB's defaults: table family {@code family}, fields {@code field0..9} of 100 bytes, hashed keys. */
  private static final class YcsbRecords {
    static final byte[][] FAMILY = {Bytes.toBytes("family")};
    static final int FIELDS = 10;
    static final int FIELD_LENGTH = 100;

    static Put put(long i) {
      return new Put(Bytes.toBytes(YcsbKeys.keyName(i, true, 1)));
    }

    static byte[] field(int field) {
      return Bytes.toBytes("field" + field);
    }
  }
}
