package org.hbaseturbo.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The operator's commands (cluster, tune, compress, fastpath) reach no benchmark code: only the {@code bench},
 * {@code ycsb} and {@code demo} commands may, and {@code tune calibrate}, which measures by running each class's
 * YCSB workload as {@code bench pcm} does, so that an operator's tool does not depend on YCSB and the experiments
 * otherwise. What the commands print and write comes from turbo-report. ArchUnit reads the dependencies from the
 * compiled classes, so that a fully qualified name or a nested class counts too.
 */
class TestBenchmarkBoundary {
  private static final String BENCHMARKS = "org.hbaseturbo.bench..";
  /**
   * The classes of the bench, ycsb, demo and tune calibrate commands and of their own option mixins, by the name of
   * their top-level class.
   */
  private static final Pattern BENCHMARK_COMMAND =
      Pattern.compile("(Bench|Demo|Ycsb)\\w*|RatioBenchmarks|WorkloadOptions|WarmUpOptions|TuneCalibrateCommand");
  private static final DescribedPredicate<JavaClass> BENCHMARK_COMMANDS = DescribedPredicate.describe(
      "benchmark commands", type -> BENCHMARK_COMMAND.matcher(topLevel(type).getSimpleName()).matches());

  private static final JavaClasses CLI = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS).importPackagesOf(TurboMain.class);

  @Test
  void onlyTheBenchmarkCommandsDependOnBenchmarkCode() {
    assertThat(CLI.stream().filter(BENCHMARK_COMMANDS).filter(type -> type.getDirectDependenciesFromSelf().stream()
        .anyMatch(dependency -> dependency.getTargetClass().getPackageName().startsWith("org.hbaseturbo.bench"))))
        .as("the bench commands themselves are seen").isNotEmpty();
    noClasses().that(DescribedPredicate.not(BENCHMARK_COMMANDS)).should().dependOnClassesThat()
        .resideInAPackage(BENCHMARKS).because("operator commands stay apart from the experiments: move what they"
            + " use to its own module").check(CLI);
  }

  private static JavaClass topLevel(JavaClass type) {
    JavaClass outer = type;
    while (outer.getEnclosingClass().isPresent()) {
      outer = outer.getEnclosingClass().get();
    }
    return outer;
  }
}
