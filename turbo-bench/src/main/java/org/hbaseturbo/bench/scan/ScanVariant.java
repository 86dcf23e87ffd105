package org.hbaseturbo.bench.scan;

import java.util.Map;
import org.hbaseturbo.bench.ClientVariant;
import org.hbaseturbo.bench.Labels;
import org.hbaseturbo.bench.codec.CodecVariant;
import org.hbaseturbo.bench.ycsb.DbBinding;
import org.hbaseturbo.bench.ycsb.PreparedHBaseClient;

/**
 * The ways the benchmark scans: the paper's three, the native scan over the compact cellblock codec, and Prepared
 * Scan over the fast path.
 */
public enum ScanVariant implements ClientVariant {
  NATIVE("native", DbBinding.NATIVE, Map.of()),
  /** Native scans with the RPC cellblocks gzip-compressed ({@code hbase.client.rpc.compressor}). */
  NATIVE_GZIP("native+gzip", DbBinding.NATIVE, CodecVariant.DEFAULT_GZIP.properties()),
  /** Native scans, unchanged, with the compact cellblock codec ({@code hbase.client.rpc.codec}). */
  NATIVE_COMPACT("native+compact", DbBinding.NATIVE, CodecVariant.COMPACT.properties()),
  PREPARED("prepared", DbBinding.PREPARED, Map.of()),
  /** Prepared Scan executing over the fast path (UCX), the paper's direct connection for cell data. */
  PREPARED_FASTPATH("prepared+fastpath", DbBinding.PREPARED, Map.of(PreparedHBaseClient.FAST_PATH, "true"));

  private final String label;
  private final DbBinding db;
  private final Map<String, String> properties;

  ScanVariant(String label, DbBinding db, Map<String, String> properties) {
    this.label = label;
    this.db = db;
    this.properties = properties;
  }

  @Override
  public String label() {
    return label;
  }

  @Override
  public DbBinding db() {
    return db;
  }

  @Override
  public Map<String, String> properties() {
    return properties;
  }

  /** @throws org.hbaseturbo.common.InvalidInputException naming the label and the ones there are */
  public static ScanVariant of(String label) {
    return Labels.find(values(), ScanVariant::label, label, "scan variant");
  }
}
