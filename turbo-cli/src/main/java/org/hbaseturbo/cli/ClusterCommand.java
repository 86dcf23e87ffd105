package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.ShutdownHookManager;
import org.hbaseturbo.cluster.LocalCluster;
import org.hbaseturbo.cluster.ProcessHBaseCluster;
import org.hbaseturbo.cluster.ServerControl;
import org.hbaseturbo.cluster.ServerControlClient;
import org.hbaseturbo.cluster.ServerControlService;
import org.hbaseturbo.common.InvalidInputException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo cluster}: a local cluster, embedded or as processes, as a service for other processes. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
    description = "Run a local HBase cluster for other processes.",
    subcommands = {ClusterCommand.Start.class, ClusterCommand.Restart.class})
final class ClusterCommand extends CommandGroup {
  @ParentCommand
  TurboMain main;

  @Command(name = "start", mixinStandardHelpOptions = true,
      description = {"Start a local HBase (1 master, N RegionServers, ZooKeeper) and serve until Ctrl-C or"
          + " SIGTERM, then stop cleanly: RegionServers flush their memstores as they close.",
          "Embedded by default: every server in this JVM. With --processes, each RegionServer is a JVM of its own,"
              + " started through HBase's own entry point with HBase's jars and the server jar alone on its"
              + " classpath and its settings in its own hbase-site.xml (DATA/regionservers/rs-N/conf), as on a real"
              + " cluster; the master and ZooKeeper stay in this JVM (with --hosts, JVMs of their own on the master's"
              + " host), and no RegionServer outlives it.",
          "Writes a client configuration directory (hbase-site.xml) that any HBase 2.x client, or"
              + " 'turbo --conf DIR', can use.",
          "Run as root through ./turbo, it runs again at once as the unprivileged user hbase-turbo (made if missing),"
              + " and so does every server of the cluster, as every user of this host can reach them; DIR must then"
              + " be that user's. Not with --regime disk, whose cgroups need root all along, nor with --hosts, whose"
              + " namespaces and bridge do too."})
  static final class Start implements java.util.concurrent.Callable<Integer> {
    /** Runs before Hadoop's FileSystem cache closes (priority 10), which the final flushes still need. */
    private static final int SHUTDOWN_PRIORITY = FileSystem.SHUTDOWN_HOOK_PRIORITY + 10;

    @ParentCommand
    ClusterCommand parent;

    @Spec
    CommandSpec spec;

    @Mixin
    LocalClusterOptions local;

    @Option(names = "--processes", description = "Each RegionServer in a JVM of its own (see above); the same as"
        + " --cluster processes.")
    boolean processes;

    @Option(names = "--client-conf", paramLabel = "DIR",
        description = "Where to write the client configuration (default: DATA/client-conf).")
    Path clientConf;

    @Override
    public Integer call() throws Exception {
      if (parent.main.conf().isPresent()) {
        throw new InvalidInputException("'cluster start' runs a local cluster; --conf names an existing one");
      }
      if (clientConf != null) {
        OutputDirs.requireWritableDirectory(clientConf, "--client-conf");
      }
      if (processes) {
        local.kind = LocalClusterOptions.Kind.processes;
      }
      TargetCluster.LocalSettings settings = local.settings(TargetCluster.LOOPBACK);
      if (settings.processes()) {
        settings.dataDir().ifPresent(ServerControlService::requireSocketFits);
      }
      PrintWriter out = spec.commandLine().getOut();
      LocalCluster cluster = settings.start(out);
      Optional<ServerControlService> control;
      try {
        control = cluster instanceof ProcessHBaseCluster processCluster ? Optional.of(ServerControlService.start(
            processCluster, processCluster.dataDir(), ProgressLines.to(out))) : Optional.empty();
      } catch (IOException | RuntimeException e) {
        cluster.close();
        throw e;
      }
      String kind = settings.processes() ? "process cluster" : "embedded HBase";
      CountDownLatch stopped = new CountDownLatch(1);
      ShutdownHookManager.get().addShutdownHook(() -> {
        out.println("stopping " + kind + " ...");
        out.flush();
        try {
          if (control.isPresent()) {
            control.get().close();
          }
          cluster.close();
          out.println(kind + " stopped");
        } catch (Exception e) {
          out.println(kind + " did not stop cleanly: " + e.getMessage());
        } finally {
          out.flush();
          stopped.countDown();
        }
      }, SHUTDOWN_PRIORITY, 5, TimeUnit.MINUTES);
      Path conf = clientConf != null ? clientConf : cluster.dataDir().resolve("client-conf");
      cluster.writeClientConfiguration(conf);
      out.printf("ZooKeeper quorum: %s%n", cluster.zooKeeperQuorum());
      out.printf("client configuration: %s%n", conf.resolve("hbase-site.xml"));
      out.printf("connect with:  ./turbo --conf %s ycsb load --workload a%n", conf);
      if (cluster instanceof ProcessHBaseCluster processes && processes.clientHost().isPresent()) {
        Path clientHostConf = conf.resolveSibling(conf.getFileName() + "-client-host");
        processes.writeClientHostConfiguration(clientHostConf);
        out.printf("from the client host:  ip netns exec %s ./turbo --conf %s fastpath check%n",
            processes.clientHost().get().namespace(), clientHostConf);
      }
      out.println("serving; stop with Ctrl-C or SIGTERM");
      out.flush();
      stopped.await();
      return 0;
    }
  }

  @Command(name = "restart", mixinStandardHelpOptions = true,
      description = {"Restart the RegionServers of the process cluster that 'cluster start --processes --data DIR'"
          + " runs, with new settings in their hbase-site.xml or a new heap, and wait until they serve again.",
          "All at once by default: each RegionServer stops (its regions close, flushing), all start again in new"
              + " JVMs, and the master assigns the regions anew; every region is offline meanwhile, and clients"
              + " retry.",
          "With --rolling, one at a time as HBase's graceful_stop.sh does: RegionMover moves the server's regions to"
              + " the others, the server restarts, and its regions move back; every region stays online, so clients"
              + " see no failed operation. Needs 2 or more RegionServers."})
  static final class Restart implements java.util.concurrent.Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = LocalClusterOptions.DATA_OPTION, paramLabel = "DIR", required = true,
        description = "The data directory of the running process cluster.")
    Path dataDir;

    @Option(names = "--rolling", description = "One RegionServer at a time, regions moved away first (see above).")
    boolean rolling;

    @Option(names = "--rs-heap", paramLabel = "SIZE",
        description = "A new maximum heap for each RegionServer JVM, as -Xmx takes it (default: unchanged).")
    String regionServerHeap;

    @Option(names = "--set", paramLabel = "KEY=VALUE",
        description = "An HBase setting for the RegionServers' hbase-site.xml (repeatable).")
    Map<String, String> settings = new LinkedHashMap<>();

    @Override
    public Integer call() throws Exception {
      PrintWriter out = spec.commandLine().getOut();
      long start = System.nanoTime();
      new ServerControlClient(dataDir).restart(rolling ? ServerControl.Restart.ROLLING
          : ServerControl.Restart.ALL_AT_ONCE, settings, Optional.ofNullable(regionServerHeap), ProgressLines.to(out));
      out.printf("restarted in %.0f s%n", (System.nanoTime() - start) / 1e9);
      return 0;
    }
  }
}
