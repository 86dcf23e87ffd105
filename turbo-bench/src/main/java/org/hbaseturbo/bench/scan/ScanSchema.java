package org.hbaseturbo.bench.scan;

import java.util.Map;

/** The two row layouts of the scan benchmark, as YCSB properties. */
public enum ScanSchema {
  /**
   * The paper's: 10 values of 100 bytes, 1-byte column names ("0".."9"), row keys of 5-10 bytes ("user0" ..
   * "user999999": ordered inserts), a 1-byte family.
   */
  PAPER("scan_paper", Map.of("columnfamily", "f", "fieldnameprefix", "", "insertorder", "ordered")),
  /** YCSB's default: hashed keys "user" + 19 digits, family "family", columns field0..field9. */
  YCSB("scan_ycsb", Map.of("columnfamily", "family"));

  private final String table;
  private final Map<String, String> properties;

  ScanSchema(String table, Map<String, String> properties) {
    this.table = table;
    this.properties = properties;
  }

  public String userName() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }

  public String table() {
    return table;
  }

  /** The schema's YCSB properties, with the table name; both schemas keep YCSB's 10 fields of 100 bytes. */
  public Map<String, String> properties() {
    Map<String, String> all = new java.util.HashMap<>(properties);
    all.put("table", table);
    all.put("fieldcount", "10");
    all.put("fieldlength", "100");
    return all;
  }
}
