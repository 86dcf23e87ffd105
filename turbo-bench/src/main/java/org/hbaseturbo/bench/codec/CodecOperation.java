package org.hbaseturbo.bench.codec;

import java.util.Map;
import org.hbaseturbo.bench.Labels;

/**
 * What a run of the codec benchmark does, as YCSB properties over YCSB's default schema (10 fields of 100 bytes):
 * each operation moves whole rows, the cells a cellblock codec carries.
 */
public enum CodecOperation {
  /** Workload E's scans, 10 rows each: cells in the responses. */
  SCAN("scan", Map.of("scanproportion", "1", "readproportion", "0", "updateproportion", "0", "insertproportion",
      "0", "minscanlength", "10", "maxscanlength", "10")),
  /** Gets of whole rows (workload C): cells in the responses. */
  GET("get", Map.of("readproportion", "1", "updateproportion", "0", "scanproportion", "0", "insertproportion",
      "0", "readallfields", "true")),
  /**
   * Puts of whole rows, buffered by the client ({@code BufferedMutator}): cells in the requests. HBase 2.6 sends
   * an unbuffered {@code Table.put(Put)} inside its protobuf message, where no cellblock codec applies.
   */
  PUT("put", Map.of("updateproportion", "1", "readproportion", "0", "scanproportion", "0", "insertproportion",
      "0", "writeallfields", "true", "clientbuffering", "true"));

  private final String label;
  private final Map<String, String> properties;

  CodecOperation(String label, Map<String, String> properties) {
    this.label = label;
    this.properties = properties;
  }

  public String label() {
    return label;
  }

  public Map<String, String> properties() {
    return properties;
  }

  /** Whether it fills the memstore, which a run then leaves to the next. */
  public boolean writes() {
    return this == PUT;
  }

  public static CodecOperation of(String label) {
    return Labels.find(values(), CodecOperation::label, label, "operation");
  }
}
