package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.spi.ToolProvider;
import org.junit.jupiter.api.Test;

/**
 * The operator's commands (cluster, tune, compress, fastpath) reach no benchmark code: only the {@code bench},
 * {@code ycsb} and {@code demo} commands may, and {@code tune calibrate}, which measures by running each class's
 * YCSB workload as {@code bench pcm} does, so that an operator's tool does not depend on YCSB and the experiments
 * otherwise. What the commands print and write comes from turbo-report. The dependencies are read from the compiled
 * classes by the JDK's {@code jdeps}, so that a fully qualified name or a nested class counts too.
 */
class TestBenchmarkBoundary {
  /**
   * The classes of the bench, ycsb, demo and tune calibrate commands and of their own option mixins, by the name of
   * their top-level class.
   */
  private static final Pattern BENCHMARK_COMMAND =
      Pattern.compile("(Bench|Demo|Ycsb)\\w*|RatioBenchmarks|WorkloadOptions|WarmUpOptions|TuneCalibrateCommand");

  private static final Pattern DEPENDENCY =
      Pattern.compile("^\\s*org\\.hbaseturbo\\.cli\\.(\\w+)\\S*\\s+->\\s+(org\\.hbaseturbo\\.bench\\.\\S+)");

  @Test
  void onlyTheBenchmarkCommandsDependOnBenchmarkCode() throws Exception {
    List<String> dependencies = benchmarkDependencies(classesOf(TurboMain.class));
    assertThat(dependencies).as("the bench commands themselves are seen").anyMatch(line -> line.startsWith("Bench"));
    assertThat(dependencies.stream().filter(line -> !BENCHMARK_COMMAND.matcher(line.split(" ")[0]).matches()))
        .as("operator commands that depend on benchmark code (move what they use to its own module)").isEmpty();
  }

  /** Every dependency of a cli class on org.hbaseturbo.bench, as "TopLevelClass -> dependency". */
  static List<String> benchmarkDependencies(Path classes) {
    ToolProvider jdeps = ToolProvider.findFirst("jdeps").orElseThrow(() -> new AssertionError("no jdeps in this JDK"));
    StringWriter out = new StringWriter();
    int exit = jdeps.run(new PrintWriter(out), new PrintWriter(out), "-verbose:class", "-e",
        "org\\.hbaseturbo\\.bench\\..*", classes.toString());
    assertThat(exit).as("jdeps: %s", out).isZero();
    return out.toString().lines().map(DEPENDENCY::matcher).filter(Matcher::find)
        .map(match -> match.group(1) + " -> " + match.group(2)).distinct().toList();
  }

  private static Path classesOf(Class<?> type) throws URISyntaxException {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
  }
}
