package org.hbaseturbo.server.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class TestFastPathServerConfig {
  @Test
  void onlyWhatIsReadAtStartIsReportedAsNeedingARestart() {
    Configuration conf = new Configuration(false);
    conf.set(FastPathServerConfig.WORKERS_KEY, "2");
    FastPathServerConfig started = FastPathServerConfig.from(conf);
    conf.set(FastPathServerConfig.MAX_REPLY_KEY, "8k");
    conf.set(FastPathServerConfig.SPIN_KEY, "10us");
    assertThat(started.readAtStartChanges(FastPathServerConfig.from(conf))).isEmpty();
    conf.set(FastPathServerConfig.WORKERS_KEY, "3");
    conf.set("turbo.fastpath.net-devices", "lo");
    assertThat(started.readAtStartChanges(FastPathServerConfig.from(conf)))
        .isEqualTo("turbo.fastpath.server.workers (2 to 3), turbo.fastpath.transports/turbo.fastpath.net-devices"
            + " (posix,cma (this host only) to ^sysv (network devices lo))");
  }

  @Test
  void aMessageLimitOverOneGibibyteIsRefusedNamingItsKey() {
    Configuration conf = new Configuration(false);
    conf.set(FastPathServerConfig.MAX_REQUEST_KEY, "1g");
    assertThat(FastPathServerConfig.from(conf).maxRequestBytes()).isEqualTo(1L << 30);
    conf.set(FastPathServerConfig.MAX_REPLY_KEY, "3g");
    assertThatThrownBy(() -> FastPathServerConfig.from(conf)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage(FastPathServerConfig.MAX_REPLY_KEY + " is '3g'; expected a positive size in bytes of at most "
            + (1L << 30) + " (suffixes k, m, g allowed)");
  }

  @Test
  void workersFollowTheCoresUnlessSet() {
    Configuration conf = new Configuration(false);
    assertThat(FastPathServerConfig.from(conf).workers())
        .isEqualTo(Math.min(64, Math.max(2, 2 * Runtime.getRuntime().availableProcessors())));
    conf.set(FastPathServerConfig.WORKERS_KEY, "200");
    assertThat(FastPathServerConfig.from(conf).workers()).as("at most 64").isEqualTo(64);
  }

  @Test
  void pollingSlotsFollowTheirNumber() {
    PollingSlots slots = new PollingSlots(2);
    assertThat(slots.tryAcquire()).isTrue();
    slots.resize(1);
    assertThat(slots.tryAcquire()).as("one held, one allowed").isFalse();
    slots.release();
    slots.resize(3);
    assertThat(slots.availablePermits()).isEqualTo(3);
  }
}
