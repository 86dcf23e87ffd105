package org.hbaseturbo.bench.fastpath;

import java.util.HashMap;
import java.util.Map;
import org.hbaseturbo.bench.Labels;
import org.hbaseturbo.bench.ycsb.NativeHBaseClient;

/**
 * The paper's YCSB experiments, as YCSB properties: read-only, write-only (100% update) and 50/50, each operation on
 * whole records, so that a Get returns and a Put carries every field (1 KB with YCSB's default 10 fields of 100
 * bytes). Updates are unbuffered {@code Table.put(Put)} calls, what the fast path carries. Beside them, the same
 * reads and updates in batches, as applications also make them: each operation one {@code Table.get(List)} or
 * {@code Table.put(List)} of 100 whole records ({@link NativeHBaseClient}'s {@code batchrows}).
 */
public enum FastPathWorkload {
  READ("read", Map.of("readproportion", "1", "updateproportion", "0"), 1),
  UPDATE("update", Map.of("readproportion", "0", "updateproportion", "1"), 1),
  MIXED("mixed", Map.of("readproportion", "0.5", "updateproportion", "0.5"), 1),
  MULTIGET("multiget", Map.of("readproportion", "1", "updateproportion", "0"), 100),
  BATCHPUT("batchput", Map.of("readproportion", "0", "updateproportion", "1"), 100);

  private static final Map<String, String> WHOLE_RECORDS = Map.of("scanproportion", "0", "insertproportion", "0",
      "readmodifywriteproportion", "0", "readallfields", "true", "writeallfields", "true");

  private final String label;
  private final Map<String, String> proportions;
  private final int rowsPerOperation;

  FastPathWorkload(String label, Map<String, String> proportions, int rowsPerOperation) {
    this.label = label;
    this.proportions = proportions;
    this.rowsPerOperation = rowsPerOperation;
  }

  public String label() {
    return label;
  }

  /** The rows one operation reads or writes: what one of its operations per second stands for. */
  public int rowsPerOperation() {
    return rowsPerOperation;
  }

  public Map<String, String> properties() {
    Map<String, String> properties = new HashMap<>(WHOLE_RECORDS);
    properties.putAll(proportions);
    properties.put(NativeHBaseClient.BATCH_ROWS, String.valueOf(rowsPerOperation));
    return properties;
  }

  /** The share of its operations that read. */
  public double readShare() {
    return Double.parseDouble(proportions.get("readproportion"));
  }

  /** Whether it fills the memstore, which a run then leaves to the next. */
  public boolean writes() {
    return !proportions.get("updateproportion").equals("0");
  }

  public static FastPathWorkload of(String label) {
    return Labels.find(values(), FastPathWorkload::label, label, "workload");
  }
}
