package org.hbaseturbo.tune.policy;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.client.TableDescriptorBuilder;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;

/**
 * The settings a policy may set: the PCM paper's parameters (Tables II, IV-VI) by their HBase 2.6 names, and a
 * family's data block encoding and codec, which the paper does not set and {@code tune calibrate} may choose.
 */
public enum PolicySetting {
  MEMSTORE("hbase.regionserver.global.memstore.size", Kind.FRACTION, Route.HEAP_TUNER, "0.4"),
  /** A ratio of the memstore limit in 2.x, not of the heap as the paper's lowerLimit was. */
  MEMSTORE_LOWER_LIMIT("hbase.regionserver.global.memstore.size.lower.limit", Kind.FRACTION, Route.RESTART, "0.95"),
  BLOCK_CACHE("hfile.block.cache.size", Kind.FRACTION, Route.HEAP_TUNER, "0.4"),
  FLUSH_SIZE("hbase.hregion.memstore.flush.size", Kind.BYTES, Route.TABLE, "134217728"),
  BLOCK_MULTIPLIER("hbase.hregion.memstore.block.multiplier", Kind.COUNT, Route.TABLE, "4"),
  COMPACTION_MIN("hbase.hstore.compaction.min", Kind.COUNT, Route.UPDATE_CONFIG, "3"),
  COMPACTION_MAX("hbase.hstore.compaction.max", Kind.COUNT, Route.UPDATE_CONFIG, "10"),
  /** Read when a store opens ({@code HStore.blockingFileCount}), so not by update_config. */
  BLOCKING_STORE_FILES("hbase.hstore.blockingStoreFiles", Kind.COUNT, Route.TABLE, "16"),
  SPLIT_POLICY("hbase.regionserver.region.split.policy", Kind.NAME, Route.TABLE,
      "org.apache.hadoop.hbase.regionserver.SteppingSplitPolicy"),
  MAX_FILESIZE("hbase.hregion.max.filesize", Kind.BYTES, Route.TABLE, "10737418240"),
  HANDLER_COUNT("hbase.regionserver.handler.count", Kind.COUNT, Route.RESTART, "30"),
  BLOCKSIZE("BLOCKSIZE", Kind.BYTES, Route.FAMILY, "65536"),
  /**
   * How a family's data blocks are encoded. Not one of the paper's parameters: calibration searches it with the
   * compression, as together they shrink what a read brings from below the block cache.
   */
  DATA_BLOCK_ENCODING("DATA_BLOCK_ENCODING", Kind.NAME, Route.FAMILY, "NONE"),
  /** A family's compression codec, by HBase's algorithm name; likewise not the paper's. */
  COMPRESSION("COMPRESSION", Kind.NAME, Route.FAMILY, "NONE");

  /** What a value is. */
  public enum Kind {
    /** Of the heap, 0 to 1. */
    FRACTION,
    /** Bytes, a whole number. */
    BYTES,
    /** A whole number. */
    COUNT,
    /** One of a fixed set of names ({@link PolicySetting#names}): a split policy class, an encoding, a codec. */
    NAME
  }

  /** The heap fractions a policy may set: a RegionServer's, which Turbo's heap tuner moves online. */
  public static final List<PolicySetting> HEAP_FRACTIONS = List.of(MEMSTORE, BLOCK_CACHE);
  /** HBase 2.6's region split policies, by class name. */
  public static final List<String> SPLIT_POLICIES = List.of(
      "org.apache.hadoop.hbase.regionserver.SteppingSplitPolicy",
      "org.apache.hadoop.hbase.regionserver.IncreasingToUpperBoundRegionSplitPolicy",
      "org.apache.hadoop.hbase.regionserver.ConstantSizeRegionSplitPolicy",
      "org.apache.hadoop.hbase.regionserver.DisabledRegionSplitPolicy",
      "org.apache.hadoop.hbase.regionserver.BusyRegionSplitPolicy");

  private final String key;
  private final Kind kind;
  private final Route route;
  private final String hbaseDefault;

  PolicySetting(String key, Kind kind, Route route, String hbaseDefault) {
    this.key = key;
    this.kind = kind;
    this.route = route;
    this.hbaseDefault = hbaseDefault;
  }

  /** Its key in a table or column family descriptor's values, for the settings applied there. */
  public String descriptorKey() {
    return switch (this) {
      case FLUSH_SIZE -> TableDescriptorBuilder.MEMSTORE_FLUSHSIZE;
      case MAX_FILESIZE -> TableDescriptorBuilder.MAX_FILESIZE;
      case SPLIT_POLICY -> TableDescriptorBuilder.SPLIT_POLICY;
      case BLOCKSIZE -> ColumnFamilyDescriptorBuilder.BLOCKSIZE;
      case DATA_BLOCK_ENCODING -> ColumnFamilyDescriptorBuilder.DATA_BLOCK_ENCODING;
      case COMPRESSION -> ColumnFamilyDescriptorBuilder.COMPRESSION;
      default -> key;
    };
  }

  /**
   * {@code current} with {@code values} set where HBase reads them: a family attribute on every family, the rest as
   * table values (region-level keys such as the flush size, and store-level keys such as the compaction bounds,
   * which HBase reads from the table's values for each store).
   */
  public static TableDescriptor withValues(TableDescriptor current, Map<PolicySetting, String> values) {
    TableDescriptorBuilder changed = TableDescriptorBuilder.newBuilder(current);
    // Each family built once with every family value: a family rebuilt from the current descriptor per value would
    // keep only the last.
    List<ColumnFamilyDescriptorBuilder> families = Arrays.stream(current.getColumnFamilies())
        .map(ColumnFamilyDescriptorBuilder::newBuilder).toList();
    values.forEach((setting, value) -> {
      if (setting.route() == Route.FAMILY) {
        families.forEach(family -> family.setValue(setting.descriptorKey(), value));
      } else {
        changed.setValue(setting.descriptorKey(), value);
      }
    });
    families.forEach(family -> changed.modifyColumnFamily(family.build()));
    return changed.build();
  }

  /**
   * The values a {@link Kind#NAME} setting takes, as HBase names them; empty for a number. A codec's name says
   * nothing of whether the RegionServers can run it: HBase checks that when a table takes it.
   */
  public List<String> names() {
    return switch (this) {
      case SPLIT_POLICY -> SPLIT_POLICIES;
      case DATA_BLOCK_ENCODING -> Arrays.stream(DataBlockEncoding.values()).map(Enum::name).toList();
      case COMPRESSION -> Arrays.stream(Compression.Algorithm.values()).map(Enum::name).toList();
      default -> List.of();
    };
  }

  /** What HBase 2.6 uses when nothing sets it (some defaults live in code, not in hbase-default.xml). */
  public String hbaseDefault() {
    return hbaseDefault;
  }

  /** Its name in a policy file and in HBase. */
  public String key() {
    return key;
  }

  public Kind kind() {
    return kind;
  }

  public Route route() {
    return route;
  }

  public static Optional<PolicySetting> byKey(String key) {
    return Arrays.stream(values()).filter(setting -> setting.key.equals(key)).findFirst();
  }
}
