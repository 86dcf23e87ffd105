package org.hbaseturbo.verify.register;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestRegisterCounts {
  @Test
  void aStaleReadOverTheFastPathFailsTheRunAndOneOverRpcIsReportedOnly() {
    assertThat(counts(0, 0, 0, 0).passed()).isTrue();
    assertThat(counts(1, 0, 0, 0).passed()).as("stale over the fast path").isFalse();
    assertThat(counts(0, 3, 0, 0).passed()).as("stale over HBase's RPC, which does not fence reads").isTrue();
    assertThat(counts(0, 0, 1, 0).passed()).as("a value never written").isFalse();
    assertThat(counts(0, 0, 0, 1).passed()).as("an acknowledged value lost").isFalse();
  }

  @Test
  void aRunWithoutTheFastPathHasNoStaleReadOverIt() {
    RegisterCounts rpcOnly = new RegisterCounts(4, 10, 0, 2, 0, 0,
        Map.of(RegisterCounts.RPC, reads(2, 0)), List.of(),
        RegisterCounts.FastPathShare.NONE);
    assertThat(rpcOnly.staleReadsOver(RegisterCounts.FAST_PATH)).isZero();
    assertThat(rpcOnly.staleReadsOver(RegisterCounts.RPC)).isEqualTo(2);
    assertThat(rpcOnly.passed()).isTrue();
  }

  private static RegisterCounts counts(long fastPathStale, long rpcStale, long phantom, long lost) {
    Map<String, RegisterCounts.PathReads> byPath = new LinkedHashMap<>();
    byPath.put(RegisterCounts.FAST_PATH, reads(fastPathStale, phantom));
    byPath.put(RegisterCounts.RPC, reads(rpcStale, 0));
    return new RegisterCounts(4, 10, 0, fastPathStale + rpcStale, phantom, lost, byPath, List.of(),
        new RegisterCounts.FastPathShare(100, 0));
  }

  private static RegisterCounts.PathReads reads(long stale, long phantom) {
    return new RegisterCounts.PathReads(100, 0, stale, phantom, List.of(), List.of());
  }
}
