package org.hbaseturbo.bench.fastpath;

import java.util.Map;
import org.hbaseturbo.bench.Labels;

/**
 * The paper's YCSB experiments, as YCSB properties: read-only, write-only (100% update) and 50/50, each operation on
 * whole records, so that a Get returns and a Put carries every field (1 KB with YCSB's default 10 fields of 100
 * bytes). Updates are unbuffered {@code Table.put(Put)} calls, what the fast path carries.
 */
public enum FastPathWorkload {
  READ("read", Map.of("readproportion", "1", "updateproportion", "0")),
  UPDATE("update", Map.of("readproportion", "0", "updateproportion", "1")),
  MIXED("mixed", Map.of("readproportion", "0.5", "updateproportion", "0.5"));

  private static final Map<String, String> WHOLE_RECORDS = Map.of("scanproportion", "0", "insertproportion", "0",
      "readmodifywriteproportion", "0", "readallfields", "true", "writeallfields", "true");

  private final String label;
  private final Map<String, String> proportions;

  FastPathWorkload(String label, Map<String, String> proportions) {
    this.label = label;
    this.proportions = proportions;
  }

  public String label() {
    return label;
  }

  public Map<String, String> properties() {
    Map<String, String> properties = new java.util.HashMap<>(WHOLE_RECORDS);
    properties.putAll(proportions);
    return properties;
  }

  /** Whether it fills the memstore, which a run then leaves to the next. */
  public boolean writes() {
    return this != READ;
  }

  public static FastPathWorkload of(String label) {
    return Labels.find(values(), FastPathWorkload::label, label, "workload");
  }
}
