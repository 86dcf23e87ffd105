package org.hbaseturbo.bench.advisor;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.report.TextTable;

/**
 * The advisor benchmark's report, in the shape every Turbo benchmark shares, and the measurements the results
 * were judged on.
 *
 * @param trials every option's figures on each family's sample and full data
 */
public record AdvisorReport(String benchmark, Map<String, Object> machine, Map<String, String> versions,
    Map<String, Object> parameters, List<AdvisorResult> results, List<FamilyTrials> trials) {

  /** One line per family and objective: the choice, the best option, the score. */
  public String render() {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"dataset:family", "objective", "advisor's choice", "best on full data", "score",
        "within 5%", "store files after --apply"});
    for (AdvisorResult result : results) {
      rows.add(new String[] {result.variant(), result.objective(), result.choice(), result.best(),
          String.format("%.3f", result.score()), result.withinTarget() ? "yes" : "NO", applied(result)});
    }
    return TextTable.render(rows, 0, 1, 2, 3, 5, 6);
  }

  private static String applied(AdvisorResult result) {
    if (result.appliedStoreFileBytes() == null) {
      return "";
    }
    List<String> bytes = new ArrayList<>();
    result.appliedStoreFileBytes().forEach((option, size) -> bytes.add(option + " "
        + (size == null ? "n/a" : String.format("%,d", size))));
    return String.join(", ", bytes);
  }
}
