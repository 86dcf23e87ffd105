package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(SharedHBaseCluster.class)
class BenchCompressionIT {
  @Test
  void measuresEveryCodecEndToEndAtTinyScale(EmbeddedHBaseCluster cluster, @TempDir Path dir) throws Exception {
    Path conf = cluster.writeClientConfiguration(dir.resolve("conf")).getParent();
    Path out = dir.resolve("out");

    CommandLineRun run = CommandLineRun.of("--conf", conf.toString(), "bench", "compression", "--rows", "400",
        "--runs", "1", "--threads", "2", "--out", out.toString());

    run.assertSucceeded();
    JsonNode report = new ObjectMapper().readTree(out.resolve("compression.json").toFile());
    assertThat(report.get("benchmark").asText()).isEqualTo("compression");
    Map<String, JsonNode> byCodec = new HashMap<>();
    report.get("results").forEach(result -> byCodec.put(result.get("variant").asText(), result));
    assertThat(byCodec).containsOnlyKeys("NONE", "GZ", "SNAPPY", "LZ4", "LZO", "ZSTD");
    long none = byCodec.get("NONE").get("storage_bytes").asLong();
    for (String codec : List.of("GZ", "SNAPPY", "LZ4", "LZO", "ZSTD")) {
      JsonNode result = byCodec.get(codec);
      assertThat(result.get("throughput_ops_s").asDouble()).isPositive();
      assertThat(result.get("storage_bytes").asLong()).as(codec).isPositive().isLessThan(none / 2);
      assertThat(result.get("select_seconds")).hasSize(3);
      assertThat(result.get("blocks").get("compressed_bytes").asLong())
          .isLessThan(result.get("blocks").get("raw_bytes").asLong() / 2);
      assertThat(result.get("server_cpu_us_per_op").asDouble()).isPositive();
    }
    assertThat(out.resolve("compression-storage.png")).isRegularFile();
    assertThat(run.out()).contains("block ratio", "ZSTD");
  }
}
