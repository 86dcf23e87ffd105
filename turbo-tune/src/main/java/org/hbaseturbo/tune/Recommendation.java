package org.hbaseturbo.tune;

import java.util.List;
import org.hbaseturbo.tune.policy.PolicyEnvironment;
import org.hbaseturbo.tune.policy.Route;

/**
 * A policy evaluated for one cluster, as a diff against what the cluster runs now.
 *
 * @param policySource where the policy comes from ("PCM paper, Table IV, PCM-BL", or a user's file)
 * @param table the table its table and family settings are for; empty for the servers' settings alone
 * @param environment what the policy was evaluated for
 * @param changes the settings whose recommended value differs from the one in force
 * @param unchanged the settings already as recommended
 * @param notes what the diff leaves out, and why
 * @param presplitRegions the regions the policy pre-splits an empty table into; 0 for none
 */
public record Recommendation(WorkloadClass workloadClass, String policySource, String table,
    PolicyEnvironment environment, List<Change> changes, List<Change> unchanged, List<String> notes,
    int presplitRegions) {

  /**
   * One setting.
   *
   * @param setting its HBase name, or "RegionServer heap", or "pre-split"
   * @param current what the cluster runs now ("mixed: ..." when its servers differ)
   * @param recommended what the policy gives
   * @param route how the change would apply
   */
  public record Change(String setting, String current, String recommended, Route route) {
  }
}
