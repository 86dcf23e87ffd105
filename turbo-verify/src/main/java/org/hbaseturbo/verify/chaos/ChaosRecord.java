package org.hbaseturbo.verify.chaos;

/**
 * One action chaos took, for the report.
 *
 * @param action its name ({@code kill-region-server}), or {@code settle} for the wait for a whole cluster after chaos
 * @param atSeconds when it began, in seconds since the chaos began
 * @param seconds how long it took
 * @param succeeded whether it did what it meant to; a refusal of HBase (a merge of regions being split) is a failure
 *     of the action, not of the run
 * @param outcome what it did, or why it failed
 */
public record ChaosRecord(String action, double atSeconds, double seconds, boolean succeeded, String outcome) {
}
