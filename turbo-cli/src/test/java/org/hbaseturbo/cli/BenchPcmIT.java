package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hbaseturbo.tune.AuditLog;
import org.hbaseturbo.tune.policy.Route;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench pcm} end to end at tiny scale, on process clusters of its own (a few minutes): the calibrated variant
 * applies the class's policy, its block size rewriting the table's files ({@code --compact}), and under a YCSB run
 * whose mix shifts, PCM's loop takes each new class and applies its policy (the calibrated one where there is one, the
 * paper's for the rest), while the same loop as a dry run changes nothing. Each phase of the shifting mix ends once
 * the watch took its class ({@code --phase-until-switched}), so that the test waits for PCM to follow the shift, not
 * for a phase's length. The paper's own variant ({@code pcm}) runs end to end in ConfinedProcessClusterIT; here it
 * would add two clusters and four phases (about 150 s of the suite) to what the calibrated variant runs already.
 */
class BenchPcmIT {
  /** The servers' heap fractions, as HBase works them out from whole percents of the heap. */
  private static final double FRACTION_TOLERANCE = 0.011;
  /**
   * A phase's bound (--phase-time), reached only by the 50/50 mix, whose updates reach the servers in bursts as each
   * client thread's write buffer fills. A switch takes two 1 s periods to detect, but applying the load's policy
   * reopens the table's regions, which on a CI machine shared with another test JVM once took 8 s after the
   * detection (the phase switched at 13 s, past the 12 s bound this had then).
   */
  private static final long PHASE_BOUND_MS = 24_000;

  @Test
  void measuresAClassUnderDefaultsAndACalibratedPolicyAndFollowsAShiftingMix(@TempDir Path dir)
      throws Exception {
    Path out = dir.resolve("out");
    // A calibrated policy as 'tune calibrate' writes one: the paper's heap, its own fractions and block size.
    Path calibrated = Files.createDirectories(dir.resolve("calibrated"));
    Files.writeString(calibrated.resolve("RO-read.yaml"), String.join("\n", "class: RO-read",
        "source: calibrated for the test", "heap_gb: 0.5 * ram_gb / regionservers_per_host", "settings:",
        "  hfile.block.cache.size: 0.5", "  hbase.regionserver.global.memstore.size: 0.2", "  BLOCKSIZE: 16k", ""));

    // The clients' warm-up cut to what the test needs (at the defaults, about 18 s a run on 2 cores), and the servers'
    // to one run before each measured run and before the mix (TestServerWarmUp has the rule that ends them sooner).
    CommandLineRun run = CommandLineRun.of("bench", "pcm", "--classes", "RO-read", "--variants",
        "defaults,calibrated", "--calibrated", calibrated.toString(), "--records", "2000", "--run-time", "2s",
        "--runs", "1", "--threads", "2", "--warmup", "500", "--server-warmup-runs", "1",
        "--warmup-quiet", "0s", "--phase-time", PHASE_BOUND_MS / 1000 + "s",
        "--phase-until-switched", "--period", "1", "--hold", "2", "--compact", "--out", out.toString());

    run.assertSucceeded();
    JsonNode report = new ObjectMapper().readTree(out.resolve("pcm.json").toFile());
    List<String> variants = new ArrayList<>();
    for (JsonNode result : report.get("results")) {
      assertThat(result.get("workload_class").asText()).isEqualTo("RO-read");
      assertThat(result.get("ycsb").get("failures").asLong()).isZero();
      assertThat(result.get("ycsb").get("operations").get("READ").get("count").asLong()).isPositive();
      JsonNode serverWarmUp = result.get("server_jit").get("warm_ups").get(0);
      assertThat(serverWarmUp.get("runs").asInt()).as(result.toString()).isEqualTo(1);
      variants.add(result.get("variant").asText());
      // --compact: a policy's block size reached the read-only class's files before it ran.
      List<String> applied = new ArrayList<>();
      result.get("applied").forEach(change -> applied.add(change.asText()));
      if (result.get("variant").asText().equals("defaults")) {
        assertThat(applied).isEmpty();
      } else {
        assertThat(applied).as(result.toString()).anySatisfy(change -> assertThat(change)
            .startsWith("files rewritten with the policy's values by a major compaction in"));
      }
    }
    assertThat(report.get("parameters").get("read_only_classes_files").asText()).startsWith("rewritten");
    assertThat(variants).containsExactly("defaults", "calibrated");
    assertThat(report.get("parameters").get("warmup_operations_per_client_jvm").asInt()).isEqualTo(500);
    // The calibrated RO-read policy, not the paper's (0.6): a larger block cache and a smaller memstore, through the
    // heap tuner, in force before it ran.
    assertThat(new AuditLog(out.resolve("calibrated").resolve("audit.jsonl")).read()).anySatisfy(entry -> {
      assertThat(entry.workloadClass()).isEqualTo("RO-read");
      assertThat(entry.key()).isEqualTo("hfile.block.cache.size");
      assertThat(entry.oldValue()).isEqualTo("0.4");
      assertThat(entry.newValue()).isEqualTo("0.5");
      assertThat(entry.route()).isEqualTo(Route.HEAP_TUNER);
      assertThat(entry.status()).isEqualTo(AuditLog.Status.APPLIED);
    });
    assertThat(report.get("parameters").get("calibrated_policies").get("RO-read").asText())
        .contains("calibrated for the test");
    JsonNode defaultsServer = report.get("results").get(0).get("server");
    JsonNode calibratedServer = report.get("results").get(1).get("server");
    assertThat(calibratedServer.get("block_cache_max_bytes").asLong())
        .isGreaterThan(defaultsServer.get("block_cache_max_bytes").asLong());
    assertThat(calibratedServer.get("memstore_limit_bytes").asLong())
        .isLessThan(defaultsServer.get("memstore_limit_bytes").asLong());

    JsonNode runs = report.get("adaptivity").get("runs");
    assertThat(runs).extracting(r -> r.get("name").asText()).containsExactly("defaults", "calibrated");
    for (JsonNode adaptivity : runs) {
      // Each run's servers warmed up on a table of their own before the mix, and told their compiling after it.
      assertThat(adaptivity.get("server_warm_up").get("runs").asInt()).as(adaptivity.toString()).isEqualTo(1);
      List<String> classes = new ArrayList<>();
      adaptivity.get("phases").forEach(phase -> {
        classes.add(phase.get("expected_class").asText());
        assertThat(phase.get("failures").asLong()).isZero();
        assertThat(phase.get("operations").asLong()).isPositive();
        assertThat(phase.get("server_jit_ms_per_s").isNumber()).as(phase.toString()).isTrue();
        assertThat(phase.get("server_jit_ms_per_s").asDouble()).isNotNegative();
        // This Linux host tells what its hypervisor took of its CPU over the phase (nothing on bare metal).
        assertThat(phase.get("host_steal_percent").isNumber()).as(phase.toString()).isTrue();
        assertThat(phase.get("host_steal_percent").asDouble()).isBetween(0.0, 100.0);
        // Each single-class mix is taken within its phase, by the dry run too, and the phase ends on it.
        if (!phase.get("expected_class").asText().equals("MixRW")) {
          assertThat(phase.get("detected_after_s").isNull()).as(phase.toString()).isFalse();
          assertThat(phase.get("switched_after_s").isNull()).as(phase.toString()).isFalse();
          assertThat(phase.get("runtime_ms").asLong()).as(phase.toString()).isLessThan(PHASE_BOUND_MS);
        }
      });
      assertThat(classes).containsExactly("BL", "RO-read", "RO-scan", "MixRW");
    }
    // Watched again as 'tune watch --policy DIR' runs: the calibrated RO-read policy, the paper's for the rest.
    List<AuditLog.Entry> calibratedWatch = adaptivityAudit(out, "calibrated");
    assertThat(calibratedWatch).anySatisfy(entry -> {
      assertThat(entry.workloadClass()).isEqualTo("RO-read");
      assertThat(entry.key()).isEqualTo("hfile.block.cache.size");
      assertThat(entry.newValue()).isEqualTo("0.5");
      assertThat(entry.status()).isEqualTo(AuditLog.Status.APPLIED);
    }).anySatisfy(entry -> {
      assertThat(entry.workloadClass()).isEqualTo("RO-scan");
      assertThat(entry.key()).isEqualTo("hfile.block.cache.size");
      assertThat(entry.newValue()).isEqualTo("0.6");
      assertThat(entry.status()).isEqualTo(AuditLog.Status.APPLIED);
    });
    assertThat(report.get("adaptivity").get("settings").get("server_warmup").asText())
        .startsWith("2,000 records on a table of their own, then runs of 2 s");
    assertThat(report.get("adaptivity").get("settings").get("calibrated_policies").asText())
        .contains("RO-read: " + calibrated.resolve("RO-read.yaml"), "RO-scan: RO-scan.yaml");
    // The dry run changes nothing: nothing audited, and the servers keep HBase's fractions throughout.
    assertThat(adaptivityAudit(out, "defaults")).isEmpty();
    assertThat(runs.get(0).get("fractions")).isNotEmpty().allSatisfy(sample -> {
      assertThat(sample.get("memstore").asDouble()).isCloseTo(0.4, offset(FRACTION_TOLERANCE));
      assertThat(sample.get("block_cache").asDouble()).isCloseTo(0.4, offset(FRACTION_TOLERANCE));
    });
    // One round: each phase of the calibrated run over the dry run's, one ratio each.
    assertThat(report.get("adaptivity").get("ratios")).hasSize(4).allSatisfy(ratio -> {
      assertThat(ratio.get("dry_run").asText()).isEqualTo("defaults");
      assertThat(ratio.get("ratio").get("per_run")).hasSize(1);
    });
    assertThat(Files.size(out.resolve("pcm-throughput.png"))).isPositive();
    assertThat(Files.size(out.resolve("pcm-adaptivity.png"))).isPositive();
    assertThat(run.out()).contains("calibrated / defaults", "reads: calibrated ", "x defaults",
        "report: " + out.resolve("pcm.json").toAbsolutePath());
  }

  /** What the adaptivity run's {@code run} (its directory's name) audited in its one round. */
  private static List<AuditLog.Entry> adaptivityAudit(Path out, String run) throws IOException {
    return new AuditLog(out.resolve("adaptivity").resolve(run).resolve("round-1").resolve("audit.jsonl")).read();
  }

  /**
   * {@code bench pcm --cluster processes --hdfs} at its smallest (one class, one variant, no adaptivity run): the
   * loaded records and the variant's copy of them on an HDFS of their own, read back without a failure, the report
   * naming the storage, and only the clusters' logs left once it is over.
   */
  @Test
  void runsEachClusterOnAnHdfsOfItsOwn(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("out");

    CommandLineRun run = CommandLineRun.of("bench", "pcm", "--cluster", "processes", "--hdfs", "--datanodes", "1",
        "--classes", "RO-read", "--variants", "defaults", "--records", "1000", "--run-time", "2s", "--runs", "1",
        "--threads", "1", "--warmup", "500", "--warmup-quiet", "0s", "--server-warmup-runs", "1",
        "--no-adaptivity", "--out", out.toString());

    run.assertSucceeded();
    JsonNode report = new ObjectMapper().readTree(out.resolve("pcm.json").toFile());
    assertThat(report.get("parameters").get("storage").asText()).isEqualTo("HDFS, 1 DataNode, replication 1");
    JsonNode result = report.get("results").get(0);
    assertThat(result.get("ycsb").get("failures").asLong()).isZero();
    assertThat(result.get("ycsb").get("operations").get("READ").get("count").asLong()).isPositive();
    // The variant's cluster served the loaded records from its copy of the loaded cluster's HDFS: their store files,
    // whose blocks the reads looked up.
    JsonNode server = result.get("server");
    assertThat(server.get("store_files").asLong()).isPositive();
    assertThat(server.get("block_cache_hits").asLong() + server.get("block_cache_misses").asLong()).isPositive();
    // Each cluster's HDFS daemons logged beside its servers; its data is deleted once the run no longer needs it.
    for (String cluster : List.of("loaded", "defaults")) {
      Path data = out.resolve(cluster).resolve("data");
      assertThat(data.resolve("logs").resolve("namenode.log")).isRegularFile();
      assertThat(data.resolve("logs").resolve("datanode-0.log")).isRegularFile();
      assertThat(data.resolve("hdfs")).doesNotExist();
    }
    assertThat(run.out()).contains("on an HDFS of 1 DataNode", "storage: HDFS, 1 DataNode, replication 1");
  }
}
