package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

@ExtendWith(SharedHBaseCluster.class)
class BenchFastPathIT {
  @Test
  void comparesTheTransportsWithNativeEndToEndAtTinyScale(EmbeddedHBaseCluster cluster, @TempDir Path dir)
      throws Exception {
    Path conf = cluster.writeClientConfiguration(dir.resolve("conf")).getParent();
    Path out = dir.resolve("out");

    CommandLineRun run = CommandLineRun.of("--conf", conf.toString(), "bench", "fastpath", "--sizes", "1k",
        "--workloads", "mixed", "--transport", "shm,tcp", "--records", "200", "--clients", "2", "--runs", "1",
        "--run-time", "1s", "--warmup", "20", "--warmup-quiet", "1s", "--out", out.toString());

    run.assertSucceeded();
    JsonNode report = new ObjectMapper().readTree(out.resolve("fastpath.json").toFile());
    List<String> variants = new ArrayList<>();
    for (JsonNode result : report.get("results")) {
      assertThat(result.get("failures").asLong()).isZero();
      assertThat(result.get("throughput_ops_s").asDouble()).isPositive();
      // Values of 1 KB cross the RegionServers' counters, whichever path carried them.
      assertThat(result.get("bytes_per_op").asDouble()).isGreaterThan(1_000);
      variants.add(result.get("variant").asText());
    }
    assertThat(variants).containsExactly("get-1KB native", "get-1KB fastpath-shm", "get-1KB fastpath-tcp",
        "put-1KB native", "put-1KB fastpath-shm", "put-1KB fastpath-tcp", "mixed native", "mixed fastpath-shm",
        "mixed fastpath-tcp");
    // The fast-path variants' operations were served by the fast path, not replayed over RPC.
    JsonNode outcomes = report.get("parameters").get("fast_path_outcomes");
    assertThat(outcomes).hasSize(6);
    for (JsonNode outcome : outcomes) {
      assertThat(outcome.get("served").asLong()).isPositive();
      assertThat(outcome.get("over_rpc").asLong()).isZero();
    }
    // Counted over the measured runs alone: their warm-ups ran on the same connections, and are left out.
    for (JsonNode result : report.get("results")) {
      String variant = result.get("variant").asText();
      if (variant.contains("fastpath")) {
        assertThat(outcomes.get(variant + " x" + result.get("clients").asInt()).get("served").asLong()).as(variant)
            .isEqualTo(result.get("operations_per_run").asLong() * result.get("runs").asLong());
      }
    }
    // Each run warmed up for its operations, then at most the second it was given for its JIT to go quiet.
    JsonNode warmUps = report.get("parameters").get("warm_up");
    assertThat(warmUps).hasSize(9);
    for (JsonNode warmUp : warmUps) {
      assertThat(warmUp.get("runs").asInt()).isOne();
      assertThat(warmUp.get("last_second_compile_ms_by_run").get(0).asLong()).isNotNegative();
    }
    // UCX's round trip alone, polled and parked, for each fast-path variant's Get.
    for (String field : List.of("ucx_round_trip_p50_us", "ucx_round_trip_parked_p50_us")) {
      JsonNode roundTrips = report.get("parameters").get(field);
      assertThat(roundTrips.get("get-1KB fastpath-shm").asDouble()).as(field).isPositive();
      assertThat(roundTrips.get("get-1KB fastpath-tcp").asDouble()).as(field).isPositive();
    }
    assertThat(report.get("parameters").get("ucx_round_trip_parked_empty_wake_ups").get("get-1KB fastpath-shm")
        .asDouble()).isNotNegative();
    // What no client and no transport can save: YCSB's own work; the RegionServers' request path needs them in the
    // command's JVM (ServerFloorIT), and this command reaches the cluster by its configuration.
    JsonNode floor = report.get("parameters").get("cpu_floor").get("mixed x2");
    assertThat(floor.get("ycsb_client_cpu_us_per_op").asDouble()).isPositive();
    assertThat(floor.has("server_cpu_us_per_op")).isFalse();
    JsonNode ratios = new ObjectMapper().readTree(out.resolve("fastpath-ratios.json").toFile());
    assertThat(ratios).hasSize(6);
    assertThat(ratios.get(0).has("p50_latency_vs_native")).isTrue();
    assertThat(run.out()).contains("x native", "fastpath-tcp");
  }

  /**
   * Behind an emulated link, the client JVMs are on another host: the fast path reaches the RegionServers over TCP on
   * the link's device, every byte of it crossing the link, as native's do. Run at loopback and at a delayed link in
   * one command, each has a report of its own and the comparison keeps both, with what the delays did. Needs root,
   * iptables and python3, as the delayed link does.
   */
  @Test
  void readsCrossTheLinkOverTcpFromAClientOnAHostOfItsOwn(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("out");

    CommandLineRun run = CommandLineRun.of("bench", "fastpath", "--link", "loopback,1gbit:100us", "--transport",
        "tcp", "--sizes", "none", "--workloads", "read", "--records", "200", "--clients", "2", "--runs", "1",
        "--run-time", "1s", "--warmup", "20", "--warmup-quiet", "1s", "--regionservers", "1", "--out",
        out.toString());

    run.assertSucceeded();
    ObjectMapper json = new ObjectMapper();
    JsonNode report = json.readTree(out.resolve("link-1gbit-100us/fastpath.json").toFile());
    assertThat(report.get("parameters").get("link").asText()).isEqualTo("1gbit:100us");
    List<String> variants = new ArrayList<>();
    for (JsonNode result : report.get("results")) {
      assertThat(result.get("failures").asLong()).isZero();
      // A whole record of 1 KB and the request, with their IP and TCP headers, crossed the link per read.
      assertThat(result.get("link_bytes_per_op").asDouble()).as(result.toString())
          .isGreaterThan(result.get("bytes_per_op").asDouble()).isGreaterThan(1_000);
      variants.add(result.get("variant").asText());
    }
    assertThat(variants).containsExactly("read native", "read fastpath-tcp");
    JsonNode outcome = report.get("parameters").get("fast_path_outcomes").get("read fastpath-tcp x2");
    assertThat(outcome.get("served").asLong()).isPositive();
    assertThat(outcome.get("over_rpc").asLong()).isZero();
    // Both ends of the link held every packet they sent, at some CPU.
    assertThat(report.get("link_delays")).hasSize(2).allSatisfy(delay -> {
      assertThat(delay.get("packets").asLong()).isPositive();
      assertThat(delay.get("delay_us").asLong()).isEqualTo(100);
    });
    assertThat(json.readTree(out.resolve("link-loopback/fastpath.json").toFile()).get("link_delays")).isEmpty();

    JsonNode comparison = json.readTree(out.resolve("fastpath.json").toFile());
    assertThat(comparison.get("links").findValuesAsText("link")).containsExactly("loopback", "1gbit:100us");
    assertThat(comparison.get("links").get(1).get("ratios").get(0).get("throughput_vs_native").asDouble())
        .isPositive();
    assertThat(run.out()).contains("fastpath: runs of 1 s, link 1gbit:100us", "fastpath at each link",
        "1gbit:100us: 2 delays held");
  }
}
