package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.hbaseturbo.cluster.FileTrees;
import org.hbaseturbo.cluster.HostUser;
import org.junit.jupiter.api.Test;

/**
 * {@code cluster start} run as root runs its cluster as the unprivileged user that the {@code turbo} script names:
 * the launcher's JVM and every server JVM of a process cluster on HDFS (RegionServer, NameNode, DataNode) under that
 * user's uid, its data directory made for it; the root JVM that started it only waits, and stops it cleanly. A cluster
 * of its own, in another process; as root only.
 */
class ClusterUserLaunchIT {
  private static final String USER = "hbase-turbo";

  @Test
  void clusterStartRunAsRootRunsEveryServerAsTheClusterUser() throws Exception {
    assumeTrue(HostUser.ofThisProcess().isRoot(), "needs root, to run a cluster as another user");
    // The classpath ./turbo gives the command (this module's jar and its lib), which that user must reach: this JVM's
    // own names Maven's repository, under root's home.
    Path target = Path.of(TurboMain.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getParent();
    assumeTrue(othersMayEnterEveryDirectoryAbove(target), "the checkout, " + target + ", is where other users"
        + " may not go (under /root?), so the cluster's user could not read its jars");
    String classpath = target.resolve("turbo-cli.jar") + File.pathSeparator + target.resolve("lib").resolve("*");
    // A directory that user can reach: this test's temporary directories are root's alone.
    Path parent = Files.createTempDirectory("turbo-cluster-user-");
    Files.setPosixFilePermissions(parent, PosixFilePermissions.fromString("rwxr-xr-x"));
    try {
      Path data = parent.resolve("data");
      ClusterProcess cluster = ClusterProcess.start(List.of("-D" + HostUser.CLUSTER_USER_PROPERTY + "=" + USER),
          classpath, data,
          data.resolve("client-conf"), "--processes", "--regionservers", "1", "--hdfs", "--datanodes", "1");
      try {
        int uid = HostUser.named(USER).orElseThrow().uid();
        assertThat(cluster.printed()).contains("turbo: run as root, cluster start runs its cluster as user " + USER
            + " (uid " + uid + ")");
        assertThat(Files.getAttribute(data, "unix:uid")).as("owner of " + data).isEqualTo(uid);
        assertThat(uids(cluster.process().pid())).as("uids of the JVM that root started").containsOnly(0);
        // That JVM's launcher, whose process id its lock holds, and everything the launcher started.
        ProcessHandle launcher = ProcessHandle.of(Long.parseLong(Files.readString(data.resolve("cluster.lock"))
            .strip())).orElseThrow();
        assertThat(isJava(launcher)).as("the lock's holder is a JVM").isTrue();
        List<ProcessHandle> servers = Stream.concat(Stream.of(launcher), launcher.descendants()).toList();
        assertThat(servers.stream().filter(ClusterUserLaunchIT::isJava).map(process -> process.info().commandLine()
            .orElse("")).toList()).as("the JVMs the launcher started").anyMatch(line -> line.contains("HRegionServer"))
            .anyMatch(line -> line.contains(".NameNode")).anyMatch(line -> line.contains(".DataNode"));
        for (ProcessHandle server : servers) {
          assertThat(uids(server.pid())).as("uids of " + ClusterProcess.describe(List.of(server))).containsOnly(uid);
        }
        // Root's clients reach those servers' fast path over TCP, as the written configuration says: UCX's shared
        // memory does not reach across users, and every request over it went unanswered.
        Path clientConf = data.resolve("client-conf");
        assertThat(Files.readString(clientConf.resolve("hbase-site.xml")))
            .containsPattern("<name>turbo.fastpath.transports</name>\\s*<value>tcp</value>");
        CommandLineRun check = CommandLineRun.of("--conf", clientConf.toString(), "fastpath", "check",
            "--round-trips", "50");
        check.assertSucceeded();
        assertThat(check.out()).contains("the fast path is up on every RegionServer", "tcp/lo");
        // Without TCP, the check says why nothing answers.
        Path sharedMemory = Files.createDirectories(parent.resolve("client-conf-shared-memory"));
        Files.writeString(sharedMemory.resolve("hbase-site.xml"), Files.readString(clientConf.resolve("hbase-site.xml"))
            .replaceAll("(<name>turbo.fastpath.transports</name>\\s*<value>)tcp<", "$1<"));
        CommandLineRun down = CommandLineRun.of("--conf", sharedMemory.toString(), "fastpath", "check");
        assertThat(down.out()).contains("the fast path is down on 1 of 1", "no reply over UCX",
            "on this host, where one that runs as another user than this client cannot be reached over shared memory");
      } finally {
        assertThat(cluster.stop()).contains("process cluster stopped");
      }
      cluster.awaitNoneLeft(Duration.ofMinutes(1), "the root JVM stopped");
    } finally {
      FileTrees.deleteRecursively(parent);
    }
  }

  private static boolean othersMayEnterEveryDirectoryAbove(Path path) throws IOException {
    for (Path dir = path.toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (!Files.getPosixFilePermissions(dir).contains(PosixFilePermission.OTHERS_EXECUTE)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isJava(ProcessHandle process) {
    return process.info().command().orElse("").endsWith("/bin/java");
  }

  /** Its real, effective, saved and file system user ids, as the kernel has them. */
  private static List<Integer> uids(long pid) throws IOException {
    String line = Files.readAllLines(Path.of("/proc", Long.toString(pid), "status")).stream()
        .filter(status -> status.startsWith("Uid:")).findFirst().orElseThrow();
    return Arrays.stream(line.substring("Uid:".length()).strip().split("\\s+")).map(Integer::valueOf).toList();
  }
}
