package org.hbaseturbo.server.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.junit.jupiter.api.Test;

class TestMapHeadroom {
  @Test
  void sessionsAreRefusedFromFourFifthsOfTheBoundOnNamingBoth() {
    assertThatCode(() -> new MapHeadroom(() -> 52_423, 65_530).requireRoom()).doesNotThrowAnyException();
    assertThatThrownBy(() -> new MapHeadroom(() -> 52_424, 65_530).requireRoom())
        .isInstanceOf(DoNotRetryIOException.class)
        .hasMessage("this RegionServer maps 52424 memory areas of the kernel's 65530 (vm.max_map_count): no new"
            + " fast-path session until it maps fewer than 52424; use RPC");
  }

  @Test
  void aCountStandsForASecondSoThatManySessionsAtOnceReadTheMapsOnce() throws Exception {
    AtomicLong counts = new AtomicLong();
    MapHeadroom headroom = new MapHeadroom(() -> {
      counts.incrementAndGet();
      return 10;
    }, 100);
    for (int i = 0; i < 100; i++) {
      headroom.requireRoom();
    }
    assertThat(counts).hasValue(1);
  }

  @Test
  void theHeadroomOfThisProcessLetsASessionOpen() {
    assertThatCode(() -> MapHeadroom.ofThisProcess().requireRoom()).doesNotThrowAnyException();
  }

  @Test
  void thisProcessCountsItsMappingsWhereLinuxBoundsThem() {
    if (MapHeadroom.kernelBound().isPresent()) {
      assertThat(MapHeadroom.processMappings()).isPositive().isLessThan(MapHeadroom.kernelBound().getAsLong());
    }
  }
}
