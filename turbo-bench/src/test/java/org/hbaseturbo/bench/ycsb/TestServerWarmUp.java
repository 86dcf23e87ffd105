package org.hbaseturbo.bench.ycsb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.client.stats.ProcessUsage;
import org.hbaseturbo.client.stats.ServerCounters;
import org.junit.jupiter.api.Test;

class TestServerWarmUp {
  /** Each warm-up run lasts 10 s. */
  private static final long RUN_MS = 10_000;

  private final List<Integer> ran = new ArrayList<>();

  @Test
  void runsUntilARunInWhichTheServersCompiledUnderTheQuietShare() throws Exception {
    // Two JVMs; per JVM per second: 150 ms/s, then 40, then 15.
    ServerWarmUp.Outcome outcome = warmUp(4, compiled(1_500L, 1_500L), compiled(500L, 300L),
        compiled(150L, 150L), compiled(0L, 0L));

    assertThat(outcome).isEqualTo(new ServerWarmUp.Outcome(3, true, 15.0));
    assertThat(ran).containsExactly(1, 2, 3);
  }

  @Test
  void aRunAtTheQuietShareIsNotQuiet() throws Exception {
    long atShare = (long) (ServerWarmUp.QUIET_MS_PER_SECOND * RUN_MS / 1000);

    ServerWarmUp.Outcome outcome = warmUp(1, compiled(atShare));

    assertThat(outcome).isEqualTo(new ServerWarmUp.Outcome(1, false, ServerWarmUp.QUIET_MS_PER_SECOND));
  }

  @Test
  void givesUpAtItsBoundAndSaysWhatTheLastRunCompiled() throws Exception {
    ServerWarmUp.Outcome outcome = warmUp(2, compiled(3_000L), compiled(1_000L), compiled(0L));

    assertThat(outcome).isEqualTo(new ServerWarmUp.Outcome(2, false, 100.0));
    assertThat(ran).containsExactly(1, 2);
  }

  @Test
  void serversThatDoNotTellTheirCompileTimeGetOneRun() throws Exception {
    // One JVM tells, the other (an older server jar) does not: a sum over some would under-count.
    ServerWarmUp.Outcome outcome = warmUp(4, compiled(1_000L, null), compiled(0L, 0L));

    assertThat(outcome).isEqualTo(new ServerWarmUp.Outcome(1, null, null));
    assertThat(ran).containsExactly(1);
  }

  @Test
  void withoutTheStatsEndpointOneRun() throws Exception {
    ServerWarmUp.Outcome outcome = warmUp(4, result(null), compiled(0L));

    assertThat(outcome).isEqualTo(new ServerWarmUp.Outcome(1, null, null));
  }

  @Test
  void refusesABoundBelowOneRun() {
    assertThatThrownBy(() -> ServerWarmUp.untilQuiet(0, number -> compiled(0L)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("not 0");
  }

  @Test
  void theRateIsPerJvmPerSecondOfTheRun() {
    assertThat(ServerWarmUp.compileMsPerSecond(compiled(200L, 600L))).isEqualTo(40.0);
  }

  @Test
  void describesHowItEndedForAUserWatching() {
    assertThat(new ServerWarmUp.Outcome(2, true, 3.14).describe())
        .isEqualTo("warm after 2 runs (the servers compiled 3.1 ms/s per JVM in the last)");
    assertThat(new ServerWarmUp.Outcome(3, false, 120.0).describe())
        .isEqualTo("not quiet after 3 runs (the servers compiled 120.0 ms/s per JVM in the last); measured anyway");
    assertThat(new ServerWarmUp.Outcome(1, null, null).describe())
        .isEqualTo("warmed by 1 run; the servers do not tell their JIT's compile time");
  }

  private ServerWarmUp.Outcome warmUp(int max, PhaseResult... runs) throws Exception {
    return ServerWarmUp.untilQuiet(max, number -> {
      ran.add(number);
      return runs[number - 1];
    });
  }

  /** A run in which each RegionServer JVM compiled the given milliseconds; null where one does not tell. */
  private static PhaseResult compiled(Long... perJvm) {
    List<ProcessUsage> processes = new ArrayList<>();
    for (int i = 0; i < perJvm.length; i++) {
      processes.add(new ProcessUsage("host/" + i, List.of("rs" + i), 0, null, 0, 0, perJvm[i]));
    }
    return result(new ServerCounters(0, 0, 0, 0, processes));
  }

  private static PhaseResult result(ServerCounters server) {
    return new PhaseResult("run", 4, 1_000, RUN_MS, 0, server, server == null ? "no endpoint" : "", null, Map.of(),
        0, List.of(), null, null);
  }
}
