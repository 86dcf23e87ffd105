package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(SharedHBaseCluster.class)
class BenchAdvisorIT {
  @Test
  void scoresTheAdvisorsChoicesOnEveryDatasetAtTinyScale(EmbeddedHBaseCluster cluster, @TempDir Path dir)
      throws Exception {
    Path conf = cluster.writeClientConfiguration(dir.resolve("conf")).getParent();
    Path json = dir.resolve("advisor.json");

    CommandLineRun run = CommandLineRun.of("--conf", conf.toString(), "bench", "advisor", "--rows", "300",
        "--sample-rows", "100", "--jvms", "1", "--run-off-jvms", "0", "--repeats", "1", "--warmup-time", "0s",
        "--out", dir.resolve("out").toString(), "--json", json.toString());

    run.assertSucceeded();
    JsonNode report = new ObjectMapper().readTree(json.toFile());
    assertThat(report.get("benchmark").asText()).isEqualTo("advisor");
    assertThat(report.get("machine").get("cores").asInt()).isPositive();
    assertThat(report.get("parameters").get("sample_rows").asInt()).isEqualTo(100);
    List<String> variants = new ArrayList<>();
    report.get("results").forEach(result -> {
      variants.add(result.get("variant").asText() + "/" + result.get("objective").asText());
      // The best option is the best by the score's own rule; the 5% target itself is the real run's to judge.
      assertThat(result.get("score").asDouble()).as(result.toString()).isGreaterThanOrEqualTo(1.0);
      assertThat(result.get("full_cells").asLong()).isGreaterThan(result.get("sample_cells").asLong());
      assertThat(result.get("choice_on_full").get("option").get("encoding").asText()).isNotEmpty();
      assertThat(result.get("best_on_full").get("stored_bytes").asLong()).isPositive();
    });
    List<String> expected = new ArrayList<>();
    for (String variant : List.of("sensor:house", "sensor:ch", "sensor:readings", "sensor:app", "ycsb:family",
        "text:family")) {
      for (String objective : List.of("storage", "balanced", "speed")) {
        expected.add(variant + "/" + objective);
      }
    }
    assertThat(variants).containsExactlyElementsOf(expected);
    // The figures behind every choice: all 30 options (5 encodings x 6 codecs) on each family's sample and data.
    List<String> measured = new ArrayList<>();
    Map<String, JsonNode> finalsOnFull = new HashMap<>();
    report.get("trials").forEach(family -> {
      measured.add(family.get("variant").asText());
      assertThat(family.get("sample").get("screening")).hasSize(30);
      assertThat(family.get("full").get("screening")).hasSize(30);
      // What each measuring JVM measured, kept beside the medians (TestCodecAdvisor runs several).
      assertThat(family.get("sample").get("per_jvm").get("screening_per_jvm")).hasSize(1)
          .allSatisfy(jvm -> assertThat(jvm).hasSize(30));
      assertThat(family.get("full").get("per_jvm").get("screening_per_jvm")).hasSize(1);
      assertThat(family.get("full").get("screening").get(0).get("raw_bytes").asLong())
          .isGreaterThan(family.get("sample").get("screening").get(0).get("raw_bytes").asLong());
      finalsOnFull.put(family.get("variant").asText(), family.get("full").get("finals"));
    });
    assertThat(measured).containsExactly("sensor:house", "sensor:ch", "sensor:readings", "sensor:app",
        "ycsb:family", "text:family");
    // Each choice was judged among the full data's finalists, where the sample's choices are measured too.
    report.get("results").forEach(result -> assertThat(finalsOnFull.get(result.get("variant").asText()))
        .extracting(trial -> trial.get("option")).contains(result.get("choice_on_full").get("option"),
            result.get("best_on_full").get("option")));
    assertThat(run.out()).contains("advisor's choice", "best on full data", "text:family");
  }
}
