package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code turbo verify} over the fast path, on HDFS, with the client host cut off from a RegionServer, then a
 * RegionServer cut off from the master and ZooKeeper but not from its clients past its ZooKeeper session
 * ({@code --chaos partitions}, those two of its actions in that order), while the loops are written (or after them,
 * should they be written first) and the registers written and read over both paths, on hosts of their own as issue
 * 49's bar runs it: the fast path crosses the links over TCP, and the registers' clients run in a JVM of their own on
 * the client host. The master gives the cut-off server's regions to the other server meanwhile, and it is started
 * again. Nothing is lost and no read over the fast path is stale, the JSON carries the register check's counts under
 * the names issue 49 reads, and no rule, group or host of the partitions is left.
 *
 * <p>That the check can fail is shown in parts, each deterministic: TestRegisters judges planted stale reads stale,
 * TestRegisterCounts fails a run on one over the fast path, and FastPathZombieIT reads stale values over the fast path
 * from a resumed server with the lease planted out. A planted run of this command was a race that HDFS usually won: a
 * resumed server's first WAL sync fails on the lease the master took, and it aborts 90 to 200 ms after its resume
 * (measured on 2026-11-30); the idle clients' reads missed that window in four runs, the last with their reads
 * already waiting at the server.
 */
class VerifyIsolationIT {
  /**
   * Writing outlasts the client's cut, 1 s to 16 s in, and the partition's cut, which begins a second later and
   * lasts 22 to 27 s (its server's restart after it, 53 to 67 s in all): 1,500,000 nodes took 77 s under both on 2
   * cores alone on 2026-12-05 (the day 800,000 were written within the cut in two runs) and 166 to 217 s in the
   * suite, whose runs so wrote for minutes after the partition; 1,000,000 took 87 s alone on 2026-12-07, the
   * partition 17 s to 80 s in (the test 159 s in all, 257 s at 1,500,000 the same day). Where the loops are written
   * sooner, the partition comes all the same, after them: a schedule asked for is taken whole, the registers written
   * and read under it.
   */
  private static final long NODES = 1_000_000;
  /** The shortest the cluster's ZooKeeper grants is 4 s; 6 s keeps the partition short. */
  private static final Map<String, String> SESSION = Map.of("zookeeper.session.timeout", "6000");
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
    Path site = SiteFiles.write(dir.resolve("site.xml"), SESSION);
    CommandLineRun run = CommandLineRun.of("verify", "--cluster", "processes", "--hosts", "--hdfs", "--datanodes",
        Integer.toString(PARTITION_DATANODES), "--regionservers", "2", "--rs-heap", "512m", "--data",
        dir.resolve("data").toString(), "--site", site.toString(), "--chaos", "partitions", "--chaos-actions",
        "cut-client-from-region-server,partition-region-server", "--chaos-period", "1",
        "--loops", "1", "--nodes", Long.toString(NODES), "--width", "2500", "--writers", "2", "--db", "fastpath",
        "--seed", "1", "--json", dir.resolve("verify.json").toString());
    run.assertSucceeded();
    assertThat(run.out()).contains("chaos partitions", "PASSED: nothing lost, no stale read", "reads over fastpath",
        "reads over rpc", "registers: their clients run in a JVM of their own on the client host");

    JsonNode report = new ObjectMapper().readTree(dir.resolve("verify.json").toFile());
    assertThat(succeeded(report, "partition-region-server")).as(report.path("chaos").toPrettyString()).isNotEmpty()
        .allSatisfy(outcome -> assertThat(outcome).contains("cut off from the master and ZooKeeper",
            "past its ZooKeeper session of 6 s", "ended by itself", "started again"));
    assertThat(succeeded(report, "cut-client-from-region-server")).as(report.path("chaos").toPrettyString())
        .singleElement().asString().contains("the client host cut off from RegionServer", "for 15 s");
    assertThat(report.path("chaos").path("actions")).extracting(action -> action.path("action").asText())
        .containsExactly("cut-client-from-region-server", "partition-region-server", "settle");
    JsonNode register = report.path("register");
    assertThat(register.path("writes_acknowledged").asLong()).isPositive();
    assertThat(register.path("phantom_reads").asLong()).as(register.toPrettyString()).isZero();
    assertThat(register.path("lost_acknowledged").asLong()).as(register.toPrettyString()).isZero();
    JsonNode fastPath = register.path("by_path").path("fastpath");
    assertThat(fastPath.path("reads").asLong()).isPositive();
    assertThat(fastPath.path("stale").asLong()).as(register.toPrettyString()).isZero();
    assertThat(register.path("fast_path").path("served").asLong()).as(register.toPrettyString()).isPositive();
    // HBase's RPC beside it, under the same partition: counted, not judged.
    assertThat(register.path("by_path").path("rpc").path("reads").asLong()).isPositive();
    JsonNode partition = report.path("chaos").path("actions").path(1);
    System.out.printf("register reads under a partition: fast path %s, RPC %s; loops written in %s s, the"
        + " partition at %s s for %s s%n", fastPath, register.path("by_path").path("rpc"),
        report.path("write_seconds"), partition.path("at_seconds"), partition.path("seconds"));

    // The command ran in this JVM: its groups, rules and hosts are named after this process. Its rules were in its
    // hosts' own iptables, which went with them.
    String ours = "-" + ProcessHandle.current().pid();
    Process namespaces = new ProcessBuilder("ip", "netns", "list").redirectErrorStream(true).start();
    String hosts = new String(namespaces.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(namespaces.waitFor()).as(hosts).isZero();
    // The client's cut was in the client host's own iptables, which went with it.
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
