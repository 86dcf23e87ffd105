package org.hbaseturbo.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Map;
import org.hbaseturbo.tune.WorkloadClass;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicyLoader;
import picocli.CommandLine.Option;

/** The policies: the shipped ones, or with a user's in their place. */
final class TunePolicyFiles {
  @Option(names = "--policy", paramLabel = "FILE|DIR",
      description = "A policy file, or a directory of them, replacing the shipped policy of each class it names.")
  Path files;

  Map<WorkloadClass, Policy> policies() throws IOException {
    return files == null ? PolicyLoader.shipped() : PolicyLoader.withOverrides(files);
  }
}
