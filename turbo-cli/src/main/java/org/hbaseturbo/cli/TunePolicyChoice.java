package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.tune.Recommendation;
import org.hbaseturbo.tune.Recommender;
import org.hbaseturbo.tune.WorkloadClass;
import org.hbaseturbo.tune.WorkloadWindow;
import org.hbaseturbo.tune.WorkloadWindow.TableWorkload;
import org.hbaseturbo.tune.policy.Policy;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** What to recommend for: the table, the class or a window to classify, the policies. */
final class TunePolicyChoice {
  @Option(names = "--table", paramLabel = "T",
      description = "Compare the table's own settings and pre-split too, and classify its workload alone.")
  String table;

  @Option(names = "--class", paramLabel = "CLASS",
      description = "Use this class's policy instead of watching: BL, WO, WM, MixW, MixRW, MixR, RM, RO-read or"
          + " RO-scan.")
  String workloadClass;

  @DurationRange(min = "1s", max = "1h")
  @Option(names = "--window", paramLabel = "DURATION", defaultValue = "10s", converter = DurationArgument.Seconds.class,
      description = "Without --class: how long to watch; a number alone is seconds (1s to 1h; default:"
          + " ${DEFAULT-VALUE}).")
  DurationArgument window;

  @Mixin
  TunePolicyFiles policyFiles;

  /** Checks what can be checked before anything is read from the cluster. */
  Map<WorkloadClass, Policy> policies() throws IOException {
    if (workloadClass != null) {
      parseClass(workloadClass);
    }
    return policyFiles.policies();
  }

  /** The recommendation for the named or watched class; empty when the window saw no workload. */
  Optional<Recommendation> recommend(Connection connection, Map<WorkloadClass, Policy> policies, PrintWriter out)
      throws IOException {
    if (table != null) {
      TuneCommand.requireTable(connection, table);
    }
    WorkloadClass chosen;
    if (workloadClass != null) {
      chosen = parseClass(workloadClass);
    } else {
      WorkloadWindow window = TuneCommand.watch(connection, this.window.duration(), out);
      TableWorkload workload = table == null ? window.cluster() : window.tables().get(table);
      chosen = workload == null ? WorkloadClass.IDLE : workload.classification().workloadClass();
      out.printf("class: %s (%s)%n", chosen.label(), workload == null ? "no reads or writes"
          : workload.classification().reason());
      if (chosen == WorkloadClass.IDLE) {
        out.println("nothing to recommend: no workload in the window; give --class to choose a policy anyway");
        out.flush();
        return Optional.empty();
      }
    }
    Recommendation recommendation = new Recommender(connection).recommend(policies.get(chosen),
        Optional.ofNullable(table).map(TableName::valueOf));
    out.print(RecommendationText.render(recommendation));
    out.flush();
    return Optional.of(recommendation);
  }

  private static WorkloadClass parseClass(String label) {
    return Arrays.stream(WorkloadClass.values()).filter(c -> c != WorkloadClass.IDLE && c.label().equals(label))
        .findFirst().orElseThrow(() -> new InvalidInputException("--class '" + label + "' is not a workload"
            + " class; expected one of " + String.join(", ", Arrays.stream(WorkloadClass.values())
                .filter(c -> c != WorkloadClass.IDLE).map(WorkloadClass::label).toList())));
  }
}
