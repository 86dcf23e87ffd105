package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hbaseturbo.cli.CommandLineRun.assertRefused;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.TypeConversionException;

/**
 * Count-like and duration options have a range, --help states it, and a value outside it is refused before anything
 * starts.
 */
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
  void everyDurationOptionHasARangeThatItsHelpStatesAndThatHoldsItsDefault() {
    List<String> checked = new ArrayList<>();
    forEachOption(new CommandLine(new TurboMain()), (command, option) -> {
      if (option.auxiliaryTypes()[0] != DurationArgument.class) {
        return;
      }
      String name = command + " " + option.longestName();
      Optional<DurationRange> range = RangeCheck.durationRangeOf(option);
      assertThat(range).as("@DurationRange of %s", name).isPresent();
      String description = String.join(" ", option.description());
      assertThat(description).as("description of %s", name).contains(RangeCheck.describe(range.get()))
          .contains("a number alone is");
      DurationArgument defaultValue = (DurationArgument) option.initialValue();
      if (option.defaultValue() != null) {
        defaultValue = DurationArgument.parse(option.defaultValue(), ChronoUnit.SECONDS);
      }
      if (defaultValue != null) { // none where a preset decides, as compress advise's --warmup-time
        assertThat(defaultValue.duration()).as("default of %s", name)
            .isBetween(RangeCheck.bound(range.get().min()), RangeCheck.bound(range.get().max()));
      }
      checked.add(name);
    });
    assertThat(checked).contains("turbo bench scan --run-time", "turbo bench pcm --run-time",
        "turbo bench pcm --phase-time", "turbo bench pcm --warmup-quiet", "turbo tune calibrate --budget",
        "turbo tune watch --revert-hold", "turbo verify --chaos-period", "turbo demo --fastpath-time",
        "turbo compress advise --warmup-time", "turbo compress advise --apply-timeout", "turbo tune status --window",
        "turbo tune apply --compact-timeout");
  }

  @Test
  void durationsTakeTheirUnitsAndANumberAloneIsInTheOptionsOwnUnit() {
    assertThat(DurationArgument.parse("8", ChronoUnit.SECONDS).duration()).isEqualTo(Duration.ofSeconds(8));
    assertThat(DurationArgument.parse("30", ChronoUnit.MINUTES).duration()).isEqualTo(Duration.ofMinutes(30));
    assertThat(DurationArgument.parse("2m", ChronoUnit.MINUTES).duration()).isEqualTo(Duration.ofMinutes(2));
    assertThat(DurationArgument.parse("90s", ChronoUnit.MINUTES).duration()).isEqualTo(Duration.ofSeconds(90));
    assertThat(DurationArgument.parse("3000ms", ChronoUnit.SECONDS).duration()).isEqualTo(Duration.ofSeconds(3));
    assertThat(DurationArgument.parse(" 1H", ChronoUnit.SECONDS).duration()).isEqualTo(Duration.ofHours(1));
    assertThat(DurationArgument.parse("7d", ChronoUnit.SECONDS).duration()).isEqualTo(Duration.ofDays(7));
    assertThat(List.of(90, 120, 3_600, 5_400, 86_400, 0)).map(s -> DurationArgument.ofSeconds(s).toString())
        .containsExactly("90s", "2m", "1h", "90m", "1d", "0s");
    for (String notOne : List.of("", "s", "1.5s", "1500ms", "-1", "5 minutes", "1w", "1234567890s")) {
      assertThatThrownBy(() -> DurationArgument.parse(notOne, ChronoUnit.SECONDS)).as(notOne)
          .isInstanceOf(TypeConversionException.class).hasMessageContaining("was '" + notOne + "'");
    }
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
    run.assertSucceeded();
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
