package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code turbo verify} over the fast path, on HDFS, with a RegionServer isolated past its ZooKeeper session while the
 * loops are written and the registers written and read over both paths: cut off from the master and ZooKeeper but not
 * from its clients ({@code --chaos partitions}, whose first action is a partition, on hosts of their own as issue 49's
 * bar runs it: the fast path crosses the links over TCP), or paused ({@code --chaos pauses}, on this host's loopback).
 * The master gives its regions to the other server meanwhile; the cut-off server goes on answering its clients, the
 * registers' idle clients read from it once it is back, until it aborts, and it is started again. Nothing is lost and
 * no read over the fast path is stale, the JSON carries the register check's counts under the names issue 49 reads,
 * and neither rule nor group of the partition is left. With the fast path's lease planted out of the servers, a run
 * with pauses fails on stale reads over the fast path: the check can fail.
 */
class VerifyIsolationIT {
  /** Writing outlasts the first partition or pause: 6 s session, isolated 16 s, 5 s after chaos began. */
  private static final long NODES = 300_000;
  /** The shortest the cluster's ZooKeeper grants is 4 s; 6 s keeps the pause short, as in FastPathZombieIT. */
  private static final String SESSION =
      "<property><name>zookeeper.session.timeout</name><value>6000</value></property>";
  private static final String PLANTED_NO_LEASE =
      "<property><name>turbo.fastpath.server.test.planted-no-lease</name><value>true</value></property>";
  /**
   * A cut-off server goes on writing its WAL, and the master's recovery of that WAL's lease stops the DataNode's
   * writer of the open block. Stopped between a packet's bytes and its length (HDFS's BlockReceiver,
   * ClosedByInterruptException in adjustCrcFilePosition), a replica is left longer on disk than it says, every later
   * recovery of it fails ("Block length mismatch") until the DataNode restarts, and the master waits for the lease for
   * ever: seen twice in clean-clone runs of this test with one DataNode. With two replicas both would have to be
   * stopped so: the recovery stops the pipeline's first DataNode first, and the second, which receives nothing from
   * then on, recovers its replica.
   */
  private static final int PARTITION_DATANODES = 2;

  @Test
  void aServerCutOffFromTheMasterLosesNothingAndServesNoStaleReadOverTheFastPathAndLeavesNoRule(
      @TempDir(cleanup = CleanupMode.ON_SUCCESS) Path dir) throws Exception {
    CommandLineRun run = verify(dir, SESSION, "partitions", PARTITION_DATANODES, true);
    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    assertThat(run.out()).contains("chaos partitions", "PASSED: nothing lost, no stale read", "reads over fastpath",
        "reads over rpc");

    JsonNode report = new ObjectMapper().readTree(dir.resolve("verify.json").toFile());
    assertThat(succeeded(report, "partition-region-server")).as(report.path("chaos").toPrettyString()).isNotEmpty()
        .allSatisfy(outcome -> assertThat(outcome).contains("cut off from the master and ZooKeeper",
            "past its ZooKeeper session of 6 s", "ended by itself", "started again"));
    JsonNode register = report.path("register");
    assertThat(register.path("writes_acknowledged").asLong()).isPositive();
    assertThat(register.path("phantom_reads").asLong()).as(register.toPrettyString()).isZero();
    assertThat(register.path("lost_acknowledged").asLong()).as(register.toPrettyString()).isZero();
    JsonNode fastPath = register.path("by_path").path("fastpath");
    assertThat(fastPath.path("reads").asLong()).isPositive();
    assertThat(fastPath.path("stale").asLong()).as(register.toPrettyString()).isZero();
    // HBase's RPC beside it, under the same partition: counted, not judged.
    assertThat(register.path("by_path").path("rpc").path("reads").asLong()).isPositive();
    System.out.printf("register reads under a partition: fast path %s, RPC %s%n", fastPath,
        register.path("by_path").path("rpc"));

    // The command ran in this JVM: its groups, rules and hosts are named after this process. Its rules were in its
    // hosts' own iptables, which went with them.
    String ours = "-" + ProcessHandle.current().pid();
    Process namespaces = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
    String hosts = new String(namespaces.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(namespaces.waitFor()).as(hosts).isZero();
    assertThat(hosts).doesNotContain("turbo-h" + ProcessHandle.current().pid() + "-");
    try (Stream<Path> groups = Files.list(Path.of("/sys/fs/cgroup/unified"))) {
      assertThat(groups.map(group -> group.getFileName().toString()))
          .noneMatch(group -> group.startsWith("turbo-net-rs") && group.endsWith(ours));
    }
    Process rules = new ProcessBuilder("iptables", "-w", "-S", "OUTPUT").redirectErrorStream(true).start();
    String listed = new String(rules.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(rules.waitFor()).as(listed).isZero();
    assertThat(listed).doesNotContainPattern("turbo-net-rs[0-9]+" + ours + "\\b");
  }

  /**
   * The stale read this plants is a race: an idle client's read must reach the resumed server in its last few hundred
   * milliseconds before it aborts (660 ms in a run that missed it, after a 32 s pause), and one of the runs so far
   * missed it. So a run without a stale read is repeated once; the check must fail in one of the two.
   */
  @Test
  void withoutTheLeaseTheSameRunFailsOnStaleReadsOverTheFastPath(@TempDir(cleanup = CleanupMode.ON_SUCCESS) Path root)
      throws Exception {
    Path dir = Files.createDirectories(root.resolve("first"));
    CommandLineRun run = verify(dir, SESSION + PLANTED_NO_LEASE, "pauses", 1, false);
    if (run.exitCode() == 0) {
      System.out.println("the planted run read nothing stale (the race lost); running it once more");
      dir = Files.createDirectories(root.resolve("second"));
      run = verify(dir, SESSION + PLANTED_NO_LEASE, "pauses", 1, false);
    }
    assertThat(run.exitCode()).as(run.out() + run.err()).isEqualTo(1);
    assertThat(run.out()).contains("FAILED: data lost or read stale", "stale, for example");

    JsonNode register = new ObjectMapper().readTree(dir.resolve("verify.json").toFile()).path("register");
    assertThat(register.path("by_path").path("fastpath").path("stale").asLong()).as(register.toPrettyString())
        .isPositive();
    assertThat(register.path("lost_acknowledged").asLong()).as(register.toPrettyString()).isZero();
  }

  /**
   * One loop under {@code chaos} over the fast path on {@code dataNodes} DataNodes, the servers given {@code site}, on
   * hosts of their own where {@code onHosts}.
   */
  private static CommandLineRun verify(Path dir, String site, String chaos, int dataNodes, boolean onHosts)
      throws Exception {
    Path siteFile = Files.writeString(dir.resolve("site.xml"), "<configuration>" + site + "</configuration>");
    String json = dir.resolve("verify.json").toString();
    List<String> args = new ArrayList<>(List.of("verify", "--cluster", "processes", "--hdfs", "--datanodes",
        Integer.toString(dataNodes), "--regionservers", "2", "--rs-heap", "512m", "--data",
        dir.resolve("data").toString(), "--site", siteFile.toString(), "--chaos", chaos, "--chaos-period", "5",
        "--loops", "1", "--nodes", Long.toString(NODES), "--width", "2500", "--writers", "2", "--db", "fastpath",
        "--seed", "1", "--json", json));
    if (onHosts) {
      args.add("--hosts");
    }
    return CommandLineRun.of(args.toArray(new String[0]));
  }

  /** The outcomes of the actions named {@code name} that succeeded. */
  private static List<String> succeeded(JsonNode report, String name) {
    List<String> outcomes = new ArrayList<>();
    for (JsonNode action : report.path("chaos").path("actions")) {
      if (action.path("action").asText().equals(name) && action.path("succeeded").asBoolean()) {
        outcomes.add(action.path("outcome").asText());
      }
    }
    return outcomes;
  }
}
