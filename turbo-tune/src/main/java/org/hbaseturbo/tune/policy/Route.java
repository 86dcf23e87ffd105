package org.hbaseturbo.tune.policy;

/** How a setting reaches the servers, from the least to the most disruptive (notes/pcm.md sections 1-3). */
public enum Route {
  /** A table descriptor value: the table's regions reopen (each flushes its memstore), one batch at a time. */
  TABLE("table descriptor; regions reopen"),
  /** A column family attribute: files written from then on; a major compaction rewrites the older ones. */
  FAMILY("column family; new files"),
  /** The RegionServers' hbase-site.xml, then update_config: in force within seconds, nothing restarts. */
  UPDATE_CONFIG("hbase-site.xml + update_config; online"),
  /**
   * Memstore and block cache fractions, moved at run time by Turbo's heap tuner (the server jar's
   * {@code PolicyHeapMemoryTuner}) toward targets that update_config gives it: HBase resizes them online only through
   * a heap memory tuner. Where the tuner is not deployed they need a restart.
   */
  HEAP_TUNER("Turbo's heap tuner; online"),
  /** Read once at start: a (rolling) restart. */
  RESTART("restart"),
  /** Split points for an empty table. */
  PRESPLIT("pre-split; empty table only");

  private final String description;

  Route(String description) {
    this.description = description;
  }

  public String description() {
    return description;
  }

  /** Whether the setting is a table's or one of its families': one modification of the table makes it. */
  public boolean ofTable() {
    return this == TABLE || this == FAMILY;
  }
}
