package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench pcm} end to end at tiny scale, on process clusters of its own (about 3 minutes): PCM applies the
 * class's policy, and under a YCSB run whose mix shifts, PCM's loop detects each new class and switches to its
 * policy, while the same loop as a dry run changes nothing.
 */
class BenchPcmIT {
  @Test
  void measuresAClassUnderDefaultsAndPcmAndFollowsAShiftingMix(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("out");

    CommandLineRun run = CommandLineRun.of("bench", "pcm", "--classes", "RO-read", "--variants", "defaults,pcm",
        "--records", "2000", "--run-seconds", "3", "--runs", "1", "--threads", "2", "--phase-seconds", "12",
        "--period", "2", "--hold", "2", "--out", out.toString());

    assertThat(run.exitCode()).as(run.out() + run.err()).isZero();
    JsonNode report = new ObjectMapper().readTree(out.resolve("pcm.json").toFile());
    List<String> variants = new ArrayList<>();
    for (JsonNode result : report.get("results")) {
      assertThat(result.get("workload_class").asText()).isEqualTo("RO-read");
      assertThat(result.get("ycsb").get("failures").asLong()).isZero();
      assertThat(result.get("ycsb").get("operations").get("READ").get("count").asLong()).isPositive();
      variants.add(result.get("variant").asText());
    }
    assertThat(variants).containsExactly("defaults", "PCM");
    JsonNode pcm = report.get("results").get(1);
    // RO-read's policy: a larger block cache, a smaller memstore, through the heap tuner, in force before it ran.
    assertThat(pcm.get("applied").toString()).contains("hfile.block.cache.size: 0.4 -> 0.6 (heap_tuner, applied)",
        "in force after");
    assertThat(pcm.get("server").get("block_cache_max_bytes").asLong())
        .isGreaterThan(report.get("results").get(0).get("server").get("block_cache_max_bytes").asLong());

    JsonNode runs = report.get("adaptivity").get("runs");
    assertThat(runs).hasSize(2);
    for (JsonNode adaptivity : runs) {
      List<String> classes = new ArrayList<>();
      adaptivity.get("phases").forEach(phase -> {
        classes.add(phase.get("expected_class").asText());
        assertThat(phase.get("failures").asLong()).isZero();
        assertThat(phase.get("operations").asLong()).isPositive();
        // Each single-class mix is recognised within the phase, by the dry run too. (The 50/50 mix's updates reach
        // the servers in bursts, as each client thread's write buffer fills: a 2 s window may see only reads.)
        if (!phase.get("expected_class").asText().equals("MixRW")) {
          assertThat(phase.get("detected_after_s").isNull()).as(phase.toString()).isFalse();
        }
      });
      assertThat(classes).containsExactly("BL", "RO-read", "RO-scan", "MixRW");
    }
    JsonNode applying = runs.get(1);
    assertThat(applying.get("name").asText()).isEqualTo("PCM");
    assertThat(applying.get("periods").toString()).contains("\"switched_to\":\"RO-read\"",
        "\"switched_to\":\"RO-scan\"");
    assertThat(runs.get(0).get("periods").toString()).contains("(dry run)").doesNotContain("(applied)");
    assertThat(applying.get("periods").toString()).contains("(applied)");
    assertThat(Files.size(out.resolve("pcm-throughput.png"))).isPositive();
    assertThat(Files.size(out.resolve("pcm-adaptivity.png"))).isPositive();
    assertThat(run.out()).contains("PCM / defaults", "fractions in force after s");
  }
}
