package org.hbaseturbo.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code turbo fastpath}: the hybrid fast path of a cluster. */
@Command(name = "fastpath", mixinStandardHelpOptions = true,
    description = "The hybrid fast path (Gets, Puts and Prepared Scan executes over UCX): check it on every"
        + " RegionServer.",
    subcommands = {FastPathCheckCommand.class})
final class FastPathCommand extends CommandGroup {
  @ParentCommand
  TurboMain main;
}
