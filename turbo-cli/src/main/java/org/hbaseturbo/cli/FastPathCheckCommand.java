package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.hbaseturbo.client.fastpath.ServerCheck;
import org.hbaseturbo.client.fastpath.UcxLog;
import org.hbaseturbo.cluster.FileTrees;
import org.hbaseturbo.jvm.ChildJvm;
import org.hbaseturbo.report.JsonFiles;
import org.hbaseturbo.report.TextTable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo fastpath check}: whether each RegionServer's fast path answers, and over what. */
@Command(name = "check", mixinStandardHelpOptions = true,
    description = {"Check the fast path of every RegionServer as a client on this host meets it: open a session"
        + " over HBase RPC as the current user, time Gets over UCX, and show per RegionServer whether the fast path"
        + " is up (or why not), the transport UCX chose for this client (from UCX's own log: sysv/memory or"
        + " posix/memory is shared memory, tcp/IFACE is TCP, rc/ud/dc is RDMA), the Gets' median round trip, and"
        + " the UCX versions of both ends. A RegionServer that holds no region cannot be checked (sessions open"
        + " through a region's endpoint) and is shown as unchecked.",
        "Client settings (turbo.fastpath.transports, ...) come from --conf's hbase-site.xml. Without --conf it"
            + " checks a local cluster of its own. Exit code 0 when no RegionServer is down, 1 otherwise."})
final class FastPathCheckCommand implements Callable<Integer> {
  @ParentCommand
  FastPathCommand parent;

  @Spec
  CommandSpec spec;

  @Mixin
  LocalClusterOptions embedded;

  @Range(min = 1, max = 100_000)
  @Option(names = "--round-trips", paramLabel = "N", defaultValue = "1000",
      description = "Gets to time per RegionServer, after as many untimed (1 to 100,000; default:"
          + " ${DEFAULT-VALUE}).")
  int roundTrips;

  @Option(names = "--json", paramLabel = "FILE", description = "Also write what it found as JSON.")
  Path json;

  @Override
  public Integer call() throws Exception {
    if (json != null) {
      OutputDirs.requireWritableFile(json, "--json");
    }
    TargetCluster.LocalSettings local = embedded.settings(TargetCluster.LOOPBACK);
    PrintWriter out = spec.commandLine().getOut();
    Path work = Files.createTempDirectory("turbo-fastpath-check");
    try (TargetCluster cluster = TargetCluster.open(parent.main.conf(), local, work, out)) {
      Path report = work.resolve("check.json");
      out.printf("checking the fast path of every RegionServer of %s (%,d Gets each)%n",
          cluster.target().description(), roundTrips);
      out.flush();
      Path ucxLog = work.resolve("ucx.log");
      int exit = ChildJvm.run(FastPathCheckClient.class, List.of(cluster.target().clientConfDir().toString(),
          Integer.toString(roundTrips), report.toString()), UcxLog.environment(ucxLog));
      if (exit != 0 || !Files.exists(report)) {
        out.println("the check's client JVM failed (exit " + exit + "); see its message above");
        return TurboMain.EXIT_FAILURE;
      }
      FastPathCheckReport checked = JsonFiles.read(report, FastPathCheckReport.class)
          .withTransports(new UcxLog(ucxLog).endpointConfigurations());
      out.print(render(checked));
      if (json != null) {
        JsonFiles.write(json, checked);
        out.println("written to " + json.toAbsolutePath());
      }
      out.flush();
      return checked.count(ServerCheck.State.DOWN) == 0 ? 0 : TurboMain.EXIT_FAILURE;
    } finally {
      FileTrees.deleteRecursively(work);
    }
  }

  static String render(FastPathCheckReport report) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"RegionServer", "fast path", "transport (UCX's choice)", "Get p50 us", "server UCX",
        "detail"});
    for (ServerCheck server : report.servers()) {
      rows.add(new String[] {server.server(), server.state().name().toLowerCase(Locale.ROOT),
          server.transport().isEmpty() ? "-" : server.transport(),
          server.p50Micros() == null ? "-" : String.format(Locale.ROOT, "%.1f", server.p50Micros()),
          server.serverRuntime().isEmpty() ? "-" : server.serverRuntime(), server.detail()});
    }
    return String.format("client: %s; transports: %s%n", report.clientRuntime(), report.transports())
        + TextTable.render(rows, 0, 1, 2, 4, 5)
        + summary(report);
  }

  private static String summary(FastPathCheckReport report) {
    long down = report.count(ServerCheck.State.DOWN);
    long unchecked = report.count(ServerCheck.State.UNCHECKED);
    String line = down > 0 ? String.format("the fast path is down on %d of %d RegionServers", down,
        report.servers().size())
        : unchecked == 0 ? "the fast path is up on every RegionServer"
        : String.format("the fast path is up on every RegionServer that holds a region (%d of %d)",
            report.servers().size() - unchecked, report.servers().size());
    return line + System.lineSeparator();
  }
}
