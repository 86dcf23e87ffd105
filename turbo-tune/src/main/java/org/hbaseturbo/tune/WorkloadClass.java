package org.hbaseturbo.tune;

/**
 * The PCM paper's workload classes (section II.A), by the share of writes among the operations clients asked.
 * HBase has one API for inserts and updates (Put), so the server sees one write-only class, which the paper
 * configures alike (its PCM-BL/WO column).
 */
public enum WorkloadClass {
  IDLE("idle", "no operations"),
  BL("BL", "bulk load: writes into an empty table, or bulk-loaded files"),
  WO("WO", "write-only: every operation a write"),
  WM("WM", "write-mostly: under 10% reads"),
  MIX_W("MixW", "read/write mix with more writes: 60-90% writes"),
  MIX_RW("MixRW", "read/write mix: 40-60% writes"),
  MIX_R("MixR", "read/write mix with more reads: 60-90% reads"),
  RM("RM", "read-mostly: under 10% writes"),
  RO_READ("RO-read", "read-only, point reads (Gets) at least as many as scans"),
  RO_SCAN("RO-scan", "read-only, range reads (scans) outnumbering Gets");

  private final String label;
  private final String meaning;

  WorkloadClass(String label, String meaning) {
    this.label = label;
    this.meaning = meaning;
  }

  /** The paper's name: "MixRW", "RO-read", ... */
  public String label() {
    return label;
  }

  public String meaning() {
    return meaning;
  }

  /** Whether the class writes nothing: no file is flushed and no region grows while it runs. */
  public boolean readOnly() {
    return this == RO_READ || this == RO_SCAN;
  }

  @Override
  public String toString() {
    return label;
  }
}
