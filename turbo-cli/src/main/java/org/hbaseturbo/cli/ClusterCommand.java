package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.util.ShutdownHookManager;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.testing.EmbeddedHBaseCluster;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;
import picocli.CommandLine.Spec;

/** {@code turbo cluster}: the embedded cluster as a service for other processes. */
@Command(name = "cluster", mixinStandardHelpOptions = true,
    description = "Run an embedded HBase cluster for other processes.", subcommands = ClusterCommand.Start.class)
final class ClusterCommand extends CommandGroup {
  @ParentCommand
  TurboMain main;

  @Command(name = "start", mixinStandardHelpOptions = true,
      description = {"Start an embedded HBase (1 master, N RegionServers, ZooKeeper) and serve until Ctrl-C or"
          + " SIGTERM, then stop cleanly: RegionServers flush their memstores as they close.",
          "Writes a client configuration directory (hbase-site.xml) that any HBase 2.x client, or"
              + " 'turbo --conf DIR', can use."})
  static final class Start implements java.util.concurrent.Callable<Integer> {
    /** Runs before Hadoop's FileSystem cache closes (priority 10), which the final flushes still need. */
    private static final int SHUTDOWN_PRIORITY = FileSystem.SHUTDOWN_HOOK_PRIORITY + 10;

    @ParentCommand
    ClusterCommand parent;

    @Spec
    CommandSpec spec;

    @Mixin
    EmbeddedClusterOptions embedded;

    @Option(names = "--client-conf", paramLabel = "DIR",
        description = "Where to write the client configuration (default: DATA/client-conf).")
    Path clientConf;

    @Override
    public Integer call() throws Exception {
      if (parent.main.conf().isPresent()) {
        throw new InvalidInputException("'cluster start' runs an embedded cluster; --conf names an existing one");
      }
      if (clientConf != null) {
        OutputDirs.requireWritableDirectory(clientConf, "--client-conf");
      }
      PrintWriter out = spec.commandLine().getOut();
      EmbeddedHBaseCluster cluster = embedded.settings(TargetCluster.LOOPBACK).start(out);
      CountDownLatch stopped = new CountDownLatch(1);
      ShutdownHookManager.get().addShutdownHook(() -> {
        out.println("stopping embedded HBase ...");
        out.flush();
        try {
          cluster.close();
          out.println("embedded HBase stopped");
        } catch (Exception e) {
          out.println("embedded HBase did not stop cleanly: " + e.getMessage());
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
      out.println("serving; stop with Ctrl-C or SIGTERM");
      out.flush();
      stopped.await();
      return 0;
    }
  }
}
