package org.hbaseturbo.bench.ycsb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestJitQuiet {
  private final List<Long> slept = new ArrayList<>();

  @Test
  void endsAtTheFirstSecondThatCompiledLessThanTheQuietShare() throws Exception {
    // Compiled: 400 ms, then 150, then 19 in the third second.
    JitQuiet.Outcome outcome = JitQuiet.await(10, totals(1_000, 1_400, 1_550, 1_569, 1_570), this::sleep);

    assertThat(outcome).isEqualTo(new JitQuiet.Outcome(true, 3_000, 19));
    assertThat(slept).containsExactly(1_000L, 1_000L, 1_000L);
  }

  @Test
  void aSecondAtTheQuietShareIsNotQuiet() throws Exception {
    JitQuiet.Outcome outcome = JitQuiet.await(1, totals(0, JitQuiet.QUIET_MS_PER_WINDOW), this::sleep);

    assertThat(outcome).isEqualTo(new JitQuiet.Outcome(false, 1_000, JitQuiet.QUIET_MS_PER_WINDOW));
  }

  @Test
  void givesUpAtItsLimitAndSaysWhatTheLastSecondCompiled() throws Exception {
    JitQuiet.Outcome outcome = JitQuiet.await(2, totals(0, 300, 500, 501), this::sleep);

    assertThat(outcome).isEqualTo(new JitQuiet.Outcome(false, 2_000, 200));
    assertThat(slept).hasSize(2);
  }

  @Test
  void noLimitLooksAtNothing() throws Exception {
    JitQuiet.Outcome outcome = JitQuiet.await(0, totals(0), this::sleep);

    assertThat(outcome).isEqualTo(new JitQuiet.Outcome(false, 0, -1));
    assertThat(slept).isEmpty();
  }

  private void sleep(long millis) {
    slept.add(millis);
  }

  private static java.util.function.LongSupplier totals(long... compiledMs) {
    Iterator<Long> values = java.util.Arrays.stream(compiledMs).boxed().iterator();
    return values::next;
  }
}
