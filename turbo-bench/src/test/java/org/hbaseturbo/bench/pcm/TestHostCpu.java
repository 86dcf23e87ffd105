package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestHostCpu {
  @Test
  void theFirstLineGivesEveryStatesTimeAndTheSteal(@TempDir Path dir) throws Exception {
    // user nice system idle iowait irq softirq steal guest guest_nice: guest is in user already.
    Path before = write(dir, "before", "cpu  1000 0 200 7000 100 0 50 150 400 0\ncpu0 500 0 100 3500 50 0 25 75 0 0\n");
    Path after = write(dir, "after", "cpu  1600 0 300 7200 100 0 50 450 900 0\n");

    HostCpu start = HostCpu.read(before).orElseThrow();
    assertThat(start).isEqualTo(new HostCpu(8500, 150));
    assertThat(HostCpu.read(after).orElseThrow().stealPercentSince(start)).as("300 of 1,200 ticks")
        .isEqualTo(25.0);
    assertThat(start.stealPercentSince(start)).as("no time passed").isNull();
  }

  @Test
  void aKernelWithoutStealStoleNothingAndAnotherFileIsNoReading(@TempDir Path dir) throws Exception {
    assertThat(HostCpu.read(write(dir, "old", "cpu  10 0 20 70\n"))).contains(new HostCpu(100, 0));
    assertThat(HostCpu.read(write(dir, "other", "intr 1 2 3\n"))).isEmpty();
    assertThat(HostCpu.read(write(dir, "garbled", "cpu  10 x 20\n"))).isEmpty();
    assertThat(HostCpu.read(dir.resolve("missing"))).isEmpty();
  }

  @Test
  void thisLinuxHostTells() {
    assertThat(HostCpu.now()).hasValueSatisfying(now -> assertThat(now.totalTicks()).isPositive()
        .isGreaterThanOrEqualTo(now.stealTicks()));
  }

  private static Path write(Path dir, String name, String text) throws Exception {
    return Files.writeString(dir.resolve(name), text);
  }
}
