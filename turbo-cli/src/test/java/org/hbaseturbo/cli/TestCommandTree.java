package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Every command and subcommand answers --help; a command that only groups others shows them when given alone. */
class TestCommandTree {
  @Test
  void everyCommandAnswersHelp() {
    List<List<String>> commands = commands();
    assertThat(commands).hasSizeGreaterThan(10);
    for (List<String> command : commands) {
      List<String> args = new ArrayList<>(command);
      args.add("--help");
      CommandLineRun run = CommandLineRun.of(args.toArray(String[]::new));
      assertThat(run.exitCode()).as("exit code of %s; stderr: %s", args, run.err()).isZero();
      assertThat(run.out()).as("%s", args).contains("Usage: " + String.join(" ", qualified(command)));
      assertThat(run.err()).as("%s", args).isEmpty();
    }
  }

  /**
   * picocli formats each line of help as a format string: on a bare '%' (as in "2%)") it prints the line raw and warns
   * on the JVM's stderr, which the runs above do not capture.
   */
  @Test
  void everyHelpRendersWithoutAWarning() {
    String warnings = JvmStderr.printedBy(() -> {
      for (List<String> command : commands()) {
        assertThat(commandLine(command).getUsageMessage()).contains("Usage: ");
      }
    });
    assertThat(warnings).isEmpty();
  }

  @Test
  void aCommandGroupWithoutASubcommandShowsItsSubcommandsAndExits2() {
    for (List<String> command : commands()) {
      CommandLine commandLine = commandLine(command);
      if (commandLine.getSubcommands().isEmpty()) {
        continue;
      }
      CommandLineRun run = CommandLineRun.of(command.toArray(String[]::new));
      assertThat(run.exitCode()).as("exit code of %s; stderr: %s", command, run.err())
          .isEqualTo(TurboMain.EXIT_BAD_INPUT);
      assertThat(run.err().lines().findFirst().orElseThrow()).as("%s", command)
          .startsWith("turbo: '" + commandLine.getCommandSpec().qualifiedName() + "' needs a subcommand: one of ");
      assertThat(run.err()).contains("Usage: turbo").contains(commandLine.getSubcommands().keySet());
      assertThat(run.out()).isEmpty();
    }
  }

  @Test
  void bareTurboAndBareBenchNameTheirSubcommands() {
    assertThat(CommandLineRun.of().err()).startsWith("turbo: 'turbo' needs a subcommand: one of demo, cluster, ycsb,"
        + " compress, tune, bench, fastpath, verify, help");
    assertThat(CommandLineRun.of("bench").err()).startsWith("turbo: 'turbo bench' needs a subcommand: one of"
        + " compression, advisor, scan, pcm, codec, fastpath, charts\nUsage: turbo bench");
  }

  /** Every command's arguments, from {@code turbo} itself ([]) down, in the order of the tree. */
  private static List<List<String>> commands() {
    List<List<String>> commands = new ArrayList<>();
    collect(new CommandLine(new TurboMain()), new ArrayList<>(), commands);
    return commands;
  }

  private static void collect(CommandLine commandLine, List<String> path, List<List<String>> into) {
    into.add(List.copyOf(path));
    commandLine.getSubcommands().forEach((name, sub) -> {
      List<String> subPath = new ArrayList<>(path);
      subPath.add(name);
      collect(sub, subPath, into);
    });
  }

  private static List<String> qualified(List<String> command) {
    List<String> qualified = new ArrayList<>(List.of("turbo"));
    qualified.addAll(command);
    return qualified;
  }

  private static CommandLine commandLine(List<String> path) {
    CommandLine commandLine = new CommandLine(new TurboMain());
    for (String name : path) {
      commandLine = commandLine.getSubcommands().get(name);
    }
    return commandLine;
  }
}
