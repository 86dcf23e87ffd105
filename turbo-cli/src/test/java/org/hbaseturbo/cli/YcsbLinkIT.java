package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code ycsb} behind a delayed link keeps in its JSON what each end of the delay did over the run, as the bench
 * commands do. Starts an embedded cluster of its own (an emulated link needs one); needs root, iptables and python3.
 */
class YcsbLinkIT {
  @Test
  void aPhaseBehindADelayedLinkReportsWhatTheDelaysDid(@TempDir Path dir) throws Exception {
    Path json = dir.resolve("load.json");

    CommandLineRun run = CommandLineRun.of("ycsb", "load", "--link", "1gbit:100us", "--workload", "c", "--threads",
        "2", "--regionservers", "1", "-p", "recordcount=200", "--json", json.toString(), "--out",
        dir.resolve("out").toString());

    run.assertSucceeded();
    JsonNode delays = new ObjectMapper().readTree(json.toFile()).get("link_delays");
    assertThat(delays).as("the client's end and the cluster's").hasSize(2).allSatisfy(delay -> {
      assertThat(delay.get("packets").asLong()).isPositive();
      assertThat(delay.get("delay_us").asLong()).isEqualTo(100);
      assertThat(delay.get("cpu_seconds").asDouble()).isNotNegative();
    });
    assertThat(run.out()).containsPattern("delay of tb[hc][0-9]+: held [0-9]+ packets 100 us each");
  }
}
