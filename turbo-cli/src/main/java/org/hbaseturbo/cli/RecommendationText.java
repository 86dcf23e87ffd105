package org.hbaseturbo.cli;

import java.util.ArrayList;
import java.util.List;
import org.hbaseturbo.report.TextTable;
import org.hbaseturbo.tune.Recommendation;
import org.hbaseturbo.tune.policy.PolicyEnvironment;

/** A recommendation as {@code tune recommend} and {@code tune apply} print it: the policy, then a row per change. */
final class RecommendationText {
  private RecommendationText() {
  }

  static String render(Recommendation recommendation) {
    StringBuilder text = new StringBuilder();
    PolicyEnvironment environment = recommendation.environment();
    text.append(String.format("%npolicy for %s: %s, for %.0f GiB hosts with %d of %d RegionServers each, %s in %d"
            + " regions%n", recommendation.workloadClass().label(), recommendation.policySource(),
        environment.ramGb(), environment.regionServersPerHost(), environment.regionServers(),
        recommendation.table().isEmpty() ? "user tables of " + bytes(environment.datasetBytes())
            : recommendation.table() + " of " + bytes(environment.datasetBytes()), environment.regions()));
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"setting", "now", "recommended", "applies by"});
    for (Recommendation.Change change : recommendation.changes()) {
      rows.add(new String[] {change.setting(), change.current(), change.recommended(),
          change.route().description()});
    }
    text.append(recommendation.changes().isEmpty() ? "the cluster already runs this policy\n"
        : TextTable.render(rows, 0, 1, 2, 3));
    text.append(String.format("%d settings already as recommended%n", recommendation.unchanged().size()));
    recommendation.notes().forEach(note -> text.append("note: ").append(note).append('\n'));
    return text.toString();
  }

  private static String bytes(double bytes) {
    return String.format("%,.1f MiB", bytes / 1048576);
  }
}
