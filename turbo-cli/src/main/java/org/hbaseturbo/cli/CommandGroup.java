package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A command that only groups subcommands ({@code turbo bench}, {@code turbo ycsb}, ...). Given without one, it
 * says so in one line, shows its usage (the subcommands to choose from) on stderr and exits with
 * {@link TurboMain#EXIT_BAD_INPUT}; picocli's own answer would be a bare "Missing required subcommand".
 */
abstract class CommandGroup implements Callable<Integer> {
  @Spec
  CommandSpec spec;

  @Override
  public Integer call() {
    CommandLine commandLine = spec.commandLine();
    PrintWriter err = commandLine.getErr();
    err.println("turbo: '" + spec.qualifiedName() + "' needs a subcommand: one of "
        + String.join(", ", commandLine.getSubcommands().keySet()));
    commandLine.usage(err);
    err.flush();
    return TurboMain.EXIT_BAD_INPUT;
  }
}
