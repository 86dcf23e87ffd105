package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.hbaseturbo.client.ClientConfigurations;
import org.hbaseturbo.cluster.FileTrees;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.compress.TurboCodecs;
import org.hbaseturbo.report.JsonFiles;
import org.hbaseturbo.verify.ListCounts;
import org.hbaseturbo.verify.VerifyRun;
import org.hbaseturbo.verify.chaos.ChaosMonkey;
import org.hbaseturbo.verify.chaos.ChaosPolicy;
import org.hbaseturbo.verify.register.RegisterCounts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo verify}: linked lists written and read back, as HBase's IntegrationTestBigLinkedList checks. */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = {"Check that HBase and Turbo lose nothing, as HBase's own IntegrationTestBigLinkedList does:"
        + " write --loops loops of --nodes random nodes each into a new table, one after another, each loop as"
        + " --writers linked lists written at once, in batches of --width, each node referring to a node of a batch"
        + " written and acknowledged before it, each list closed into a cycle, while --chaos acts on the cluster;"
        + " then read every node twice, with HBase's native scan and with Prepared Scan (over the fast path with"
        + " --db fastpath), and count them: REFERENCED (all of them when nothing was lost), UNREFERENCED (written,"
        + " never referred to) and UNDEFINED (referred to, missing).",
        "Beside the loops, as Jepsen's register test, a writer for each of 32 keys of a second table (the table's"
            + " name and _register) puts increasing values while readers read them back, over the fast path (with --db"
            + " fastpath) and over HBase's RPC side by side, and every read is judged: STALE (older than a value"
            + " acknowledged before the read began), NEVER WRITTEN (a value no writer sent), and at the end LOST (a"
            + " key's value older than its last acknowledged one).",
        "Writes go through the client stack asked for: --db native (HBase's RPC) or fastpath, --codec default or"
            + " compact. Without --conf it runs on a local cluster of its own. Exit code 0 when both reads find"
            + " every node referred to and agree node for node, and the registers show no stale read over the fast"
            + " path and no never-written or lost value (stale reads over HBase's RPC, which does not fence reads,"
            + " are reported, not judged); 1, with examples, otherwise."})
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
      description = "Nodes of each loop (2 to 2,000,000,000): a multiple of --width times --writers, at least two"
          + " batches for each writer (default: ${DEFAULT-VALUE}).")
  long nodes;

  @Range(min = 1, max = 1_000_000)
  @Option(names = "--width", paramLabel = "N", defaultValue = "10000",
      description = "Nodes a batch writes at once (1 to 1,000,000; default: ${DEFAULT-VALUE}).")
  int width;

  @Range(min = 1, max = 1_000)
  @Option(names = "--writers", paramLabel = "N", defaultValue = "1",
      description = "Threads that write each loop at once, each a closed list of its own, as"
          + " IntegrationTestBigLinkedList's generator runs several mappers (1 to 1,000; default: ${DEFAULT-VALUE})."
          + " Over the fast path, a writer has one node in flight at a time: more writers, more throughput.")
  int writers;

  @Option(names = "--db", paramLabel = "native|fastpath", defaultValue = "native",
      description = "How the writes, and Prepared Scan's reads, reach the RegionServers: HBase's RPC (native) or"
          + " the fast path (default: ${DEFAULT-VALUE}).")
  String db;

  @Option(names = "--codec", paramLabel = "default|compact", defaultValue = "default",
      description = "The RPC's cell codec: HBase's default, or Turbo's compact cell codec (default:"
          + " ${DEFAULT-VALUE}).")
  String codec;

  @Option(names = "--chaos", paramLabel = "calm|server-killing|slow-deterministic|pauses|partitions",
      defaultValue = "calm",
      description = "What happens to the cluster while the loops are written, after HBase's ChaosMonkey policies:"
          + " calm (nothing); server-killing (at random: SIGKILL of a RegionServer, of the one holding hbase:meta,"
          + " of every RegionServer in turn, each started again after 5 s, of a DataNode with --hdfs, started"
          + " again too; the balancer forced); slow-deterministic (in a fixed order: flushes, region moves, splits,"
          + " merges, major compactions, the family's compression and encoding changed, the balancer, and the"
          + " crashes above). Beyond HBase's: pauses (a RegionServer not holding hbase:meta paused with SIGSTOP at"
          + " least 10 s past its ZooKeeper session, 40 s at HBase's defaults, until the master has given its regions"
          + " away, then resumed: it aborts once it learns it lost them, and is started again; the registers' idle"
          + " clients meet it meanwhile); partitions (in turn: a RegionServer not holding hbase:meta cut off from the"
          + " master and ZooKeeper, not from its clients, as long, then let through again, the cut-off server"
          + " answering its clients meanwhile; with --hosts the client host cut off from a RegionServer's host for"
          + " 15 s; a pause as above; and with --hosts a lossy link, a RegionServer host's link dropping 5%% of its"
          + " packets each way and holding what the host sends 20 ms, for 30 s). With --hosts the registers' clients"
          + " run in a JVM of their own on the client host, the loops' writers and readers in this one. Crashes,"
          + " pauses and partitions need --cluster processes; server-killing needs it, pauses and partitions need it"
          + " with --hdfs, partitions as root with iptables (and, with --hosts, python3: scripts/setup-host installs"
          + " both) and cgroup v2. Chaos stops, and the cluster is whole again, before the reads (default:"
          + " ${DEFAULT-VALUE}).")
  String chaos;

  @Option(names = "--chaos-actions", paramLabel = "ACTION,...", split = ",",
      description = "Take these of --chaos's actions, each once, in this order, --chaos-period apart, and then no"
          + " more: a fault schedule of one's own, as a test wants it. Every one is taken: loops written sooner wait"
          + " for the schedule's end before they are read, the registers' clients going on under it. Named as the"
          + " report names them: partitions'"
          + " are partition-region-server, cut-client-from-region-server, pause-region-server and lossy-link"
          + " (default: the policy's own, as it takes them, until the loops are written).")
  List<String> chaosActions = List.of();

  @DurationRange(min = "1s", max = "1h")
  @Option(names = "--chaos-period", paramLabel = "DURATION", defaultValue = "1m",
      converter = DurationArgument.Seconds.class,
      description = "Time between the end of one action of chaos and the start of the next; a number alone is"
          + " seconds (1s to 1h; default: ${DEFAULT-VALUE}).")
  DurationArgument chaosPeriod;

  @Option(names = "--compression", paramLabel = "CODEC", defaultValue = "none",
      description = "The family's compression when the table is created: one of Turbo's codecs, none, gz, snappy,"
          + " lz4, lzo or zstd (default: ${DEFAULT-VALUE}).")
  String compression;

  @Range(min = 1, max = 1_000)
  @Option(names = "--regions", paramLabel = "N", defaultValue = "8",
      description = "Regions the new table is split into at its creation (1 to 1,000; default: ${DEFAULT-VALUE}).")
  int regions;

  @Option(names = "--table", paramLabel = "NAME",
      description = "The table to write, which must not exist, nor must the registers' table, its name and _register"
          + " (default: turbo_verify_ and the time in seconds).")
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
    ChaosPolicy policy = ChaosPolicy.of(chaos);
    Algorithm algorithm = compression(compression);
    if (json != null) {
      OutputDirs.requireWritableFile(json, "--json");
    }
    long now = System.currentTimeMillis();
    VerifyRun.Settings settings = new VerifyRun.Settings(table == null ? "turbo_verify_" + now / 1000 : table, loops,
        nodes, width, writers, db.equals("fastpath"), codec.equals("compact"), regions, algorithm, policy,
        chaosActions, chaosPeriod.seconds(),
        seed == null ? now : seed);
    TargetCluster.LocalSettings local = embedded.settings(TargetCluster.LOOPBACK);
    if (policy.requires() != ChaosPolicy.Requires.ANY && (main.conf().isPresent() || !local.processes())) {
      throw new InvalidInputException("--chaos " + policy.label() + " acts on RegionServer (and DataNode) JVMs: it"
          + " needs a cluster of its own as processes (--cluster processes, without --conf)");
    }
    if (policy.requires().hdfs() && local.dataNodes().isEmpty()) {
      throw new InvalidInputException("--chaos " + policy.label() + " needs --hdfs: only HDFS fences a paused or"
          + " cut-off RegionServer's WAL; on the local file system such a server may acknowledge writes that are then"
          + " lost");
    }
    if (policy.requires() == ChaosPolicy.Requires.PARTITIONS) {
      local = local.withPartitions("--chaos " + policy.label());
    }
    PrintWriter out = spec.commandLine().getOut();
    Path work = Files.createTempDirectory("turbo-verify");
    try (TargetCluster cluster = TargetCluster.open(main.conf(), local, work, out)) {
      out.printf("verify: %d loop%s of %,d nodes into %s, written over %s with the %s codec, chaos %s, on %s%n",
          loops, loops == 1 ? "" : "s", nodes, settings.table(), db, codec, policy.label(),
          cluster.target().description());
      out.flush();
      VerifyRun.Report report = new VerifyRun(settings,
          ClientConfigurations.fromDirectory(cluster.target().clientConfDir()), cluster.processes(), out).run();
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

  /** One of the algorithms Turbo serves, by HBase's name for it. */
  private static Algorithm compression(String name) {
    requireOneOf("--compression", name, TurboCodecs.codecs().keySet().stream().map(Algorithm::getName)
        .toArray(String[]::new));
    return Compression.getCompressionAlgorithmByName(name);
  }

  private static void requireOneOf(String option, String value, String... allowed) {
    if (!List.of(allowed).contains(value)) {
      throw new InvalidInputException(option + " '" + value + "' is not one of " + String.join(", ", allowed));
    }
  }

  private static void print(VerifyRun.Report report, PrintWriter out) {
    out.printf("written in %.1f s; read in %.1f s (native scan) and %.1f s (Prepared Scan)%n",
        report.writeSeconds(), report.readSeconds().get(0), report.readSeconds().get(1));
    ChaosMonkey.Report chaos = report.chaos();
    long failed = chaos.actions().stream().filter(action -> !action.succeeded()).count();
    out.printf("chaos %s: %d actions done, %d failed%s%n", chaos.policy(), chaos.succeeded(), failed,
        chaos.skipped().isEmpty() ? "" : "; skipped " + String.join(", ", chaos.skipped()));
    if (chaos.succeeded() == 0 && !chaos.policy().equals(ChaosPolicy.CALM.label())) {
      out.printf("WARNING: chaos %s took no action while the loops were written (%.1f s): nothing was checked under"
          + " it; give more --nodes or --loops%n", chaos.policy(), report.writeSeconds());
    }
    printCounts("native scan", report.nativeRead(), out);
    printCounts("Prepared Scan", report.preparedRead(), out);
    if (!report.readsAgree()) {
      out.println("the two reads disagree: they found different nodes or references");
    }
    printRegisters(report.register(), out);
    out.println(report.passed() ? "PASSED: nothing lost, no stale read"
        : "FAILED: data lost or read stale (see above)");
  }

  private static void printRegisters(RegisterCounts register, PrintWriter out) {
    out.printf("registers      %d keys, %,d writes acknowledged, %,d failed; STALE %,d  NEVER WRITTEN %,d"
        + "  LOST %,d%n", register.keys(), register.writesAcknowledged(), register.writesFailed(),
        register.staleReads(), register.phantomReads(), register.lostAcknowledged());
    register.byPath().forEach((path, reads) -> {
      out.printf("  reads over %s: %,d, %,d failed, %,d stale%s, %,d of values never written%n", path, reads.reads(),
          reads.failed(), reads.stale(), path.equals(RegisterCounts.RPC) && reads.stale() > 0
              ? " (HBase's own RPC, which does not fence reads: reported, not judged)" : "", reads.phantom());
      if (!reads.staleExamples().isEmpty()) {
        out.println("    stale, for example: " + String.join("; ", reads.staleExamples()));
      }
      if (!reads.phantomExamples().isEmpty()) {
        out.println("    never written, for example: " + String.join("; ", reads.phantomExamples()));
      }
    });
    if (register.byPath().containsKey(RegisterCounts.FAST_PATH)) {
      out.printf("  the fast path served %,d of the operations sent over it, and handed %,d to HBase's RPC%n",
          register.fastPath().served(), register.fastPath().fellBack());
    }
    if (!register.lostExamples().isEmpty()) {
      out.println("  lost, for example: " + String.join("; ", register.lostExamples()));
    }
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
