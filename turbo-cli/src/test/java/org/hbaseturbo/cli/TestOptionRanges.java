package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.hbaseturbo.cli.CommandLineRun.assertRefused;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/** Count-like options have a range, --help states it, and a value outside it is refused before anything starts. */
class TestOptionRanges {
  @Test
  void everyNumericOptionHasARangeThatItsHelpStatesAndThatHoldsItsDefault() {
    List<String> checked = new ArrayList<>();
    forEachOption(new CommandLine(new TurboMain()), (command, option) -> {
      Class<?> type = option.auxiliaryTypes()[0];
      if (type != int.class && type != long.class && type != Integer.class && type != Long.class) {
        return;
      }
      String name = command + " " + option.longestName();
      Optional<Range> range = RangeCheck.of(option);
      assertThat(range).as("@Range of %s", name).isPresent();
      assertThat(String.join(" ", option.description())).as("description of %s", name)
          .contains(RangeCheck.describe(range.get()));
      for (String value : option.defaultValue() == null ? new String[0] : option.defaultValue().split(",")) {
        assertThat(Long.parseLong(value)).as("default of %s", name).isBetween(range.get().min(), range.get().max());
      }
      checked.add(name);
    });
    assertThat(checked).contains("turbo ycsb run --runs", "turbo ycsb load --threads", "turbo demo --records",
        "turbo bench scan --clients", "turbo bench compression --rows", "turbo cluster start --regionservers",
        "turbo compress advise --sample-rows", "turbo bench advisor --jvms", "turbo tune apply --key-count",
        "turbo tune watch --key-count", "turbo cluster start --datanodes", "turbo bench pcm --datanodes");
  }

  @Test
  void aValueOutsideItsRangeIsRefusedInOneLineBeforeTheCommandRuns() {
    assertRefused(CommandLineRun.of("ycsb", "run", "--runs", "100000000"),
        "turbo: --runs must be between 1 and 100, was 100000000 (see 'turbo ycsb run --help')");
    assertRefused(CommandLineRun.of("ycsb", "load", "--threads", "0"),
        "turbo: --threads must be between 1 and 1,024, was 0 (see 'turbo ycsb load --help')");
    assertRefused(CommandLineRun.of("bench", "scan", "--clients", "4,2000"),
        "turbo: --clients must list numbers between 1 and 1,024, was [4, 2000] (see 'turbo bench scan --help')");
    assertRefused(CommandLineRun.of("bench", "compression", "--rows", "99"),
        "turbo: --rows must be between 100 and 100,000,000, was 99 (see 'turbo bench compression --help')");
    assertRefused(CommandLineRun.of("cluster", "start", "--regionservers", "0"),
        "turbo: --regionservers must be between 1 and 32, was 0 (see 'turbo cluster start --help')");
    assertRefused(CommandLineRun.of("tune", "apply", "--key-count", "0"),
        "turbo: --key-count must be between 1 and 10,000,000,000, was 0 (see 'turbo tune apply --help')");
    assertRefused(CommandLineRun.of("demo", "--scan-rows", "5"),
        "turbo: --scan-rows must be 0 (no scan comparison) or at least 10 (the rows of one scan), was 5");
    assertRefused(CommandLineRun.of("demo", "--compression-rows", "50"),
        "turbo: --compression-rows must be 0 (no compression comparison) or at least 100, was 50");
  }

  @Test
  void helpIsAnsweredWhateverTheOtherOptionsSay() {
    CommandLineRun run = CommandLineRun.of("ycsb", "run", "--runs", "0", "--help");
    assertThat(run.exitCode()).isZero();
    assertThat(run.out()).contains("--runs=N", "median");
  }


  private interface OptionVisitor {
    void visit(String command, OptionSpec option);
  }

  private static void forEachOption(CommandLine commandLine, OptionVisitor visitor) {
    for (OptionSpec option : commandLine.getCommandSpec().options()) {
      visitor.visit(commandLine.getCommandSpec().qualifiedName(), option);
    }
    commandLine.getSubcommands().values().forEach(sub -> forEachOption(sub, visitor));
  }
}
