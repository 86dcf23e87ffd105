package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.report.JsonFiles;
import org.hbaseturbo.tune.Recommendation;
import org.hbaseturbo.tune.WorkloadClass;
import org.hbaseturbo.tune.policy.Policy;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo tune recommend}: a class's policy for this cluster, as a diff against what it runs. */
@Command(name = "recommend", mixinStandardHelpOptions = true,
    description = {"The PCM policy for the workload's class, evaluated for this cluster (its hosts' RAM,"
        + " RegionServers per host, the table's size and regions), as a diff against what the cluster runs now:"
        + " the RegionServers' settings in force (read from each one's live configuration) and the table's and"
        + " its families' descriptors. Each change says how it would apply.",
        "The class is the one --class names, or else what 'tune status' sees over --window. The policies are"
            + " the paper's Tables IV-VI on HBase 2.6 keys; --policy FILE or DIR replaces them class by class."
            + " Nothing is changed."})
final class TuneRecommendCommand implements Callable<Integer> {
  @ParentCommand
  TuneCommand parent;

  @Spec
  CommandSpec spec;

  @Mixin
  TunePolicyChoice choice;

  @Option(names = "--json", paramLabel = "FILE", description = "Also write the recommendation as JSON.")
  Path json;

  @Override
  public Integer call() throws Exception {
    Path conf = TuneCommand.requireConf(parent, "tune recommend");
    Map<WorkloadClass, Policy> policies = choice.policies();
    if (json != null) {
      OutputDirs.requireWritableFile(json, "--json");
    }
    PrintWriter out = spec.commandLine().getOut();
    try (Connection connection = TuneCommand.connect(conf)) {
      Optional<Recommendation> recommendation = choice.recommend(connection, policies, out);
      if (recommendation.isPresent() && json != null) {
        JsonFiles.write(json, recommendation.get());
        out.println("written to " + json.toAbsolutePath());
      }
      out.flush();
    }
    return 0;
  }
}
