package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.hbaseturbo.client.ClientConfigurations;
import org.hbaseturbo.cluster.FileTrees;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.report.JsonFiles;
import org.hbaseturbo.verify.ListCounts;
import org.hbaseturbo.verify.VerifyRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo verify}: linked lists written and read back, as HBase's IntegrationTestBigLinkedList checks. */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = {"Check that HBase and Turbo lose nothing, as HBase's own IntegrationTestBigLinkedList does:"
        + " write --loops linked lists of --nodes random nodes each into a new table, in batches of --width, each"
        + " node referring to a node of a batch written and acknowledged before it, each list closed into a loop;"
        + " then read every node twice, with HBase's native scan and with Prepared Scan (over the fast path with"
        + " --db fastpath), and count them: REFERENCED (all of them when nothing was lost), UNREFERENCED (written,"
        + " never referred to) and UNDEFINED (referred to, missing).",
        "Writes go through the client stack asked for: --db native (HBase's RPC) or fastpath, --codec default or"
            + " compact. Without --conf it runs on a local cluster of its own. Exit code 0 when both reads find"
            + " every node referred to and agree node for node; 1, with examples of the lost nodes, otherwise."})
final class VerifyCommand implements Callable<Integer> {
  @ParentCommand
  TurboMain main;

  @Spec
  CommandSpec spec;

  @Mixin
  LocalClusterOptions embedded;

  @Range(min = 1, max = 1_000)
  @Option(names = "--loops", paramLabel = "N", defaultValue = "1",
      description = "Linked lists to write, one after another (1 to 1,000; default: ${DEFAULT-VALUE}).")
  int loops;

  @Range(min = 2, max = 2_000_000_000)
  @Option(names = "--nodes", paramLabel = "N", defaultValue = "1000000",
      description = "Nodes of each list (2 to 2,000,000,000): a multiple of --width, at least two batches (default:"
          + " ${DEFAULT-VALUE}).")
  long nodes;

  @Range(min = 1, max = 1_000_000)
  @Option(names = "--width", paramLabel = "N", defaultValue = "10000",
      description = "Nodes a batch writes at once (1 to 1,000,000; default: ${DEFAULT-VALUE}).")
  int width;

  @Option(names = "--db", paramLabel = "native|fastpath", defaultValue = "native",
      description = "How the writes, and Prepared Scan's reads, reach the RegionServers: HBase's RPC (native) or"
          + " the fast path (default: ${DEFAULT-VALUE}).")
  String db;

  @Option(names = "--codec", paramLabel = "default|compact", defaultValue = "default",
      description = "The RPC's cell codec: HBase's default, or Turbo's compact cell codec (default:"
          + " ${DEFAULT-VALUE}).")
  String codec;

  @Range(min = 1, max = 1_000)
  @Option(names = "--regions", paramLabel = "N", defaultValue = "8",
      description = "Regions the new table is split into at its creation (1 to 1,000; default: ${DEFAULT-VALUE}).")
  int regions;

  @Option(names = "--table", paramLabel = "NAME",
      description = "The table to write, which must not exist (default: turbo_verify_ and the time in seconds).")
  String table;

  @Range(min = 0, max = Long.MAX_VALUE)
  @Option(names = "--seed", paramLabel = "N",
      description = "Seed of the random node keys, to repeat a run key for key (0 to 9,223,372,036,854,775,807;"
          + " default: the time).")
  Long seed;

  @Option(names = "--json", paramLabel = "FILE", description = "Also write the counts and timings as JSON.")
  Path json;

  @Override
  public Integer call() throws Exception {
    requireOneOf("--db", db, "native", "fastpath");
    requireOneOf("--codec", codec, "default", "compact");
    if (json != null) {
      OutputDirs.requireWritableFile(json, "--json");
    }
    long now = System.currentTimeMillis();
    VerifyRun.Settings settings = new VerifyRun.Settings(table == null ? "turbo_verify_" + now / 1000 : table, loops,
        nodes, width, db.equals("fastpath"), codec.equals("compact"), regions, seed == null ? now : seed);
    TargetCluster.LocalSettings local = embedded.settings(TargetCluster.LOOPBACK);
    PrintWriter out = spec.commandLine().getOut();
    Path work = Files.createTempDirectory("turbo-verify");
    try (TargetCluster cluster = TargetCluster.open(main.conf(), local, work, out)) {
      out.printf("verify: %d loop%s of %,d nodes into %s, written over %s with the %s codec, on %s%n", loops,
          loops == 1 ? "" : "s", nodes, settings.table(), db, codec, cluster.target().description());
      out.flush();
      VerifyRun.Report report = new VerifyRun(settings,
          ClientConfigurations.fromDirectory(cluster.target().clientConfDir()), out).run();
      print(report, out);
      if (json != null) {
        JsonFiles.write(json, report);
        out.println("written to " + json.toAbsolutePath());
      }
      out.flush();
      return report.passed() ? 0 : TurboMain.EXIT_FAILURE;
    } finally {
      FileTrees.deleteRecursively(work);
    }
  }

  private static void requireOneOf(String option, String value, String... allowed) {
    if (!List.of(allowed).contains(value)) {
      throw new InvalidInputException(option + " '" + value + "' is not one of " + String.join(", ", allowed));
    }
  }

  private static void print(VerifyRun.Report report, PrintWriter out) {
    out.printf("written in %.1f s; read in %.1f s (native scan) and %.1f s (Prepared Scan)%n",
        report.writeSeconds(), report.readSeconds().get(0), report.readSeconds().get(1));
    printCounts("native scan", report.nativeRead(), out);
    printCounts("Prepared Scan", report.preparedRead(), out);
    if (!report.readsAgree()) {
      out.println("the two reads disagree: they found different nodes or references");
    }
    out.println(report.passed() ? "PASSED: nothing lost" : "FAILED: data lost (see above)");
  }

  private static void printCounts(String read, ListCounts counts, PrintWriter out) {
    out.printf("%-13s  REFERENCED %,d  UNREFERENCED %,d  UNDEFINED %,d%n", read, counts.referenced(),
        counts.unreferenced(), counts.undefined());
    if (!counts.undefinedExamples().isEmpty()) {
      out.println("  undefined, for example: " + String.join(" ", counts.undefinedExamples()));
    }
    if (!counts.unreferencedExamples().isEmpty()) {
      out.println("  unreferenced, for example: " + String.join(" ", counts.unreferencedExamples()));
    }
  }
}
