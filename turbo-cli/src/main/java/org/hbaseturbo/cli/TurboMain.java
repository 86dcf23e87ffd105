package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Predicate;
import org.hbaseturbo.cluster.HostUser;
import org.hbaseturbo.cluster.NoFollowFiles;
import org.hbaseturbo.cluster.OwnedDirectory;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.common.Messages;
import org.hbaseturbo.jvm.ClassArchive;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** The {@code turbo} command. */
@Command(name = "turbo", mixinStandardHelpOptions = true, versionProvider = TurboVersion.class,
    description = {"HBase Turbo: a faster Apache HBase, measured with YCSB.",
        "Without --conf, commands run against a local HBase of their own (embedded: 1 master, RegionServers and"
            + " ZooKeeper in this JVM, data on local disk; or --cluster processes)."},
    subcommands = {DemoCommand.class, ClusterCommand.class, YcsbCommand.class, CompressCommand.class,
        TuneCommand.class, BenchCommand.class, FastPathCommand.class, VerifyCommand.class,
        CommandLine.HelpCommand.class})
public final class TurboMain extends CommandGroup {
  /** Exit code of bad input: an unknown workload, table, property, or an unreachable cluster. */
  public static final int EXIT_BAD_INPUT = 2;
  /** Exit code of a failure that is not the user's input. */
  public static final int EXIT_FAILURE = 1;
  static final String LOG_FILE_PROPERTY = "turbo.log.file";
  /** How long a command's end waits for a class archive's dump: some 10 s of a core once the command's work ended. */
  private static final Duration CLASS_ARCHIVE_DUMP = Duration.ofMinutes(1);

  @Option(names = "--conf", paramLabel = "DIR",
      description = "Run against the existing HBase 2.6 cluster described by DIR/hbase-site.xml.")
  private Path conf;

  @Option(names = {"-v", "--verbose"}, description = "Show stack traces of errors.")
  private boolean verbose;

  Optional<Path> conf() {
    return Optional.ofNullable(conf);
  }

  public static void main(String[] args) {
    PrintWriter err = new PrintWriter(System.err, true);
    int exit = execute(args, new PrintWriter(System.out, true), err);
    // A benchmark's CPU leaves a class archive's dump, which runs at the lowest priority, little of it: the first
    // command after a build finishes it here rather than end it, so that the next commands' JVMs map it.
    ClassArchive.awaitDumps(CLASS_ARCHIVE_DUMP, archive -> err.println("turbo: finishing the class archive "
        + archive + " (once per build, some 10 s; Ctrl-C leaves it to a later command)"));
    System.exit(exit);
  }

  /** Runs the command line with the given output streams and returns the exit code. */
  public static int execute(String[] given, PrintWriter out, PrintWriter err) {
    RenamedOptions renamed = RenamedOptions.of(given);
    String[] args = renamed.args();
    TurboMain main = new TurboMain();
    CommandLine commandLine = new CommandLine(main);
    commandLine.setCaseInsensitiveEnumValuesAllowed(true);
    commandLine.setOut(out);
    commandLine.setErr(err);
    commandLine.setExecutionExceptionHandler((e, cmd, parsed) -> {
      Throwable cause = e instanceof UncheckedIOException ? e.getCause() : e;
      cmd.getErr().println("turbo: " + Messages.firstLine(cause));
      if (main.verbose) {
        e.printStackTrace(cmd.getErr());
      } else if (!(cause instanceof InvalidInputException)) {
        cmd.getErr().println("(run with -v for the stack trace; HBase's log is " + System.getProperty(LOG_FILE_PROPERTY)
            + ")");
      }
      cmd.getErr().flush();
      return cause instanceof InvalidInputException ? EXIT_BAD_INPUT : EXIT_FAILURE;
    });
    // One line, as every refusal: picocli's message names the value, --help says what was expected.
    commandLine.setParameterExceptionHandler((e, parsedArgs) -> {
      e.getCommandLine().getErr().println("turbo: " + Messages.firstLine(e) + " (see '"
          + e.getCommandLine().getCommandSpec().qualifiedName() + " --help'"
          + renamed.note().map(note -> "; " + note).orElse("") + ")");
      e.getCommandLine().getErr().flush();
      return EXIT_BAD_INPUT;
    });
    commandLine.setExecutionStrategy(parsed -> {
      if (versionRequested(parsed)) {
        // --version asks HBase for its version, whose first log line would open a log of no name: nothing to keep.
        // The JVM ends with the command; set only here, so that a test's later commands in its JVM log as usual.
        System.setProperty(LOG_FILE_PROPERTY, System.getProperty(LOG_FILE_PROPERTY, "/dev/null"));
      } else if (!usageRequested(parsed)) {
        RangeCheck.check(parsed);
        renamed.note().ifPresent(note -> {
          err.println("turbo: warning: " + note);
          err.flush();
        });
        CommandLine.ParseResult command = command(parsed);
        Optional<String> clusterUser = ClusterUserLaunch.userFor(command, HostUser.ofThisProcess(),
            System.getProperty(HostUser.CLUSTER_USER_PROPERTY));
        if (clusterUser.isPresent()) {
          try {
            return ClusterUserLaunch.run(clusterUser.get(), args, command, err);
          } catch (InvalidInputException e) {
            throw new CommandLine.ExecutionException(commandLine, e.getMessage(), e);
          } catch (IOException e) {
            err.println("turbo: cannot run cluster start as user " + clusterUser.get() + ": " + Messages.firstLine(e));
            err.flush();
            return EXIT_FAILURE;
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return EXIT_FAILURE;
          }
        }
        // The log's place depends on the command's options, and log4j reads it once, at HBase's first log
        // line, which comes only when the command runs.
        try {
          configureLogFile(dataDir(command));
          JulToLogFile.install();
        } catch (InvalidInputException e) {
          throw new CommandLine.ExecutionException(commandLine, e.getMessage(), e);
        } catch (IOException e) {
          err.println("turbo: cannot create the directory of HBase's log, " + Messages.firstLine(e));
          err.flush();
          return EXIT_FAILURE;
        }
      }
      return new CommandLine.RunLast().execute(parsed);
    });
    return commandLine.execute(args);
  }

  private static boolean versionRequested(CommandLine.ParseResult parsed) {
    return anyCommand(parsed, CommandLine.ParseResult::isVersionHelpRequested);
  }

  private static boolean usageRequested(CommandLine.ParseResult parsed) {
    return anyCommand(parsed, CommandLine.ParseResult::isUsageHelpRequested);
  }

  private static boolean anyCommand(CommandLine.ParseResult parsed, Predicate<CommandLine.ParseResult> asks) {
    for (CommandLine.ParseResult command = parsed; command != null;
        command = command.hasSubcommand() ? command.subcommand() : null) {
      if (asks.test(command)) {
        return true;
      }
    }
    return false;
  }

  /**
   * HBase logs to a file (log4j.properties reads this property), so that the terminal shows results only: the
   * file of the cluster's data directory when the command names one, so that a cluster's log stays with its
   * data, {@code turbo-out/turbo.log} otherwise, and for a data directory of another user's (root's, for a cluster
   * that runs as the cluster user), who could put a link in the log's place.
   */
  private static void configureLogFile(Optional<Path> dataDir) throws IOException {
    if (System.getProperty(LOG_FILE_PROPERTY) == null) {
      Path file = dataDir.filter(dir -> !OwnedDirectory.isAnotherUsers(dir))
          .map(dir -> dir.toAbsolutePath().resolve("logs").resolve("turbo.log"))
          .orElseGet(() -> OutputDirs.of("turbo.log"));
      Files.createDirectories(file.getParent());
      // log4j's appender opens it by name, and would follow a link in its place.
      NoFollowFiles.requireFile(file);
      System.setProperty(LOG_FILE_PROPERTY, file.toString());
    }
  }

  /** The command that runs: the last subcommand on the command line, with its options. */
  static CommandLine.ParseResult command(CommandLine.ParseResult parsed) {
    CommandLine.ParseResult command = parsed;
    while (command.hasSubcommand()) {
      command = command.subcommand();
    }
    return command;
  }

  /**
   * The {@code --data} directory of {@code command}, if it has that option and it was given.
   *
   * @throws InvalidInputException when it cannot be written, or another user could change it
   */
  private static Optional<Path> dataDir(CommandLine.ParseResult command) {
    Optional<Path> dir = Optional.ofNullable(command.matchedOptionValue(LocalClusterOptions.DATA_OPTION, null));
    dir.ifPresent(given -> {
      OutputDirs.requireWritableDirectory(given, LocalClusterOptions.DATA_OPTION);
      OwnedDirectory.require(given, LocalClusterOptions.DATA_OPTION);
    });
    return dir;
  }
}
