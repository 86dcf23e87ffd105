package org.hbaseturbo.wire;

import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * What PCM's executor (turbo-tune) tells the RegionServers of a change it makes, so that their metrics can say which
 * class's server settings are in force and count its switches and rollbacks. The two keys travel with the change's
 * own server settings, in the same {@code update_config} or restart, never in a round of their own.
 *
 * @param workloadClass the class whose server settings are in force ("RM"), empty for none
 * @param change the last change that set them, {@code apply ID} or {@code rollback ID}; empty for none
 */
public record PcmMarks(String workloadClass, String change) {
  public static final String CLASS_KEY = "turbo.tune.class";
  public static final String CHANGE_KEY = "turbo.tune.change";
  public static final PcmMarks NONE = new PcmMarks("", "");
  private static final String APPLY = "apply ";
  private static final String ROLLBACK = "rollback ";

  /** The marks of an apply of {@code workloadClass}, change {@code id}. */
  public static PcmMarks applied(String workloadClass, String id) {
    return new PcmMarks(workloadClass, APPLY + id);
  }

  /** The marks of a rollback of change {@code id}, which leaves {@code workloadClass} in force (empty: none). */
  public static PcmMarks rolledBack(String workloadClass, String id) {
    return new PcmMarks(workloadClass, ROLLBACK + id);
  }

  /** As a RegionServer's configuration holds them; a server that never had any has none. */
  public static PcmMarks from(Configuration conf) {
    return new PcmMarks(conf.get(CLASS_KEY, "").trim(), conf.get(CHANGE_KEY, "").trim());
  }

  /** The settings that carry them. */
  public Map<String, String> settings() {
    return Map.of(CLASS_KEY, workloadClass, CHANGE_KEY, change);
  }

  /** Whether the change was a rollback (a revert); otherwise an apply, or none. */
  public boolean rollback() {
    return change.startsWith(ROLLBACK);
  }
}
