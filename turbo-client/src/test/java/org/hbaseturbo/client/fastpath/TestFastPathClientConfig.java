package org.hbaseturbo.client.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.junit.jupiter.api.Test;

/** The client's fast-path settings: defaults, and a clear refusal of each bad value. */
class TestFastPathClientConfig {
  @Test
  void defaults() {
    FastPathClientConfig config = FastPathClientConfig.from(new Configuration(false));
    assertThat(config.operations()).containsExactlyInAnyOrder(FastPathOperation.GET, FastPathOperation.PUT,
        FastPathOperation.PREPARED_EXECUTE);
    assertThat(config.maxRequestBytes()).isEqualTo(1L << 20);
    assertThat(config.timeout()).isEqualTo(Duration.ofSeconds(5));
    assertThat(config.spin()).isEqualTo(Duration.ofNanos(250_000));
    assertThat(config.retryUnavailable()).isEqualTo(Duration.ofMinutes(1));
    assertThat(config.pollers()).isEqualTo(Math.max(1, Runtime.getRuntime().availableProcessors() / 2));
    assertThat(config.asyncWorkers()).isEqualTo(1);
    assertThat(config.transports().tls()).as("shared memory only").isEqualTo("posix,cma");
    assertThat(config.transports().network()).isFalse();
  }

  @Test
  void settings() {
    Configuration conf = new Configuration(false);
    conf.set(FastPathClientConfig.OPERATIONS_KEY, " GET ");
    conf.set(FastPathClientConfig.MAX_REQUEST_KEY, "64k");
    conf.set(FastPathClientConfig.SPIN_KEY, "0");
    conf.set(FastPathClientConfig.TIMEOUT_KEY, "2s");
    conf.set(FastPathClientConfig.RETRY_UNAVAILABLE_KEY, "1500");
    conf.set(FastPathClientConfig.POLLERS_KEY, "3");
    conf.set(FastPathClientConfig.ASYNC_WORKERS_KEY, "100");
    conf.set(ChannelSettings.TRANSPORTS_KEY, "tcp");
    conf.set(ChannelSettings.NET_DEVICES_KEY, "lo");
    FastPathClientConfig config = FastPathClientConfig.from(conf);
    assertThat(config.operations()).containsExactly(FastPathOperation.GET);
    assertThat(config.maxRequestBytes()).isEqualTo(64 << 10);
    assertThat(config.spin()).isZero();
    assertThat(config.timeout()).as("units in the value").isEqualTo(Duration.ofSeconds(2));
    assertThat(config.retryUnavailable()).as("a number alone is in ms").isEqualTo(Duration.ofMillis(1500));
    assertThat(config.pollers()).isEqualTo(3);
    assertThat(config.asyncWorkers()).as("more than 64 counts as 64").isEqualTo(64);
    assertThat(config.transports().tls()).isEqualTo("tcp");
    assertThat(config.transports().netDevices()).isEqualTo("lo");
    conf.set(FastPathClientConfig.OPERATIONS_KEY, "prepared-scan,put");
    assertThat(FastPathClientConfig.from(conf).operations()).containsExactlyInAnyOrder(
        FastPathOperation.PREPARED_EXECUTE, FastPathOperation.PUT);
    conf.set(FastPathClientConfig.OPERATIONS_KEY, "none");
    assertThat(FastPathClientConfig.from(conf).operations()).isEmpty();
  }

  @Test
  void badValuesAreNamed() {
    assertRefused(FastPathClientConfig.OPERATIONS_KEY, "get,scan", "expected a list of get, put and prepared-scan,"
        + " or none");
    assertRefused(FastPathClientConfig.TIMEOUT_KEY, "0", "expected a duration of at least 1ms");
    assertRefused(FastPathClientConfig.TIMEOUT_KEY, "soon", "such as 100ms, 2s or 50us");
    assertRefused(FastPathClientConfig.SPIN_KEY, "-1", "expected a duration of at least 0");
    assertRefused(FastPathClientConfig.MAX_REQUEST_KEY, "1x", "expected a positive size in bytes");
    assertRefused(FastPathClientConfig.POLLERS_KEY, "-2", "expected 0 or more");
    assertRefused(FastPathClientConfig.WORKERS_KEY, "many", "expected a whole number");
    assertRefused(FastPathClientConfig.ASYNC_WORKERS_KEY, "0", "expected a positive whole number");
    assertRefused(ChannelSettings.TRANSPORTS_KEY, "tcp", ChannelSettings.NET_DEVICES_KEY + " names no network"
        + " device");
    assertRefused(ChannelSettings.TRANSPORTS_KEY, "sm,sysv", "sysv is refused");
    // UCX's own names that include SysV segments: mm gave mode-660 segments before it was refused.
    assertRefused(ChannelSettings.TRANSPORTS_KEY, "mm", "mm is UCX's name for posix, sysv and xpmem");
    assertRefused(ChannelSettings.TRANSPORTS_KEY, "posix,all", "all is every transport UCX has");
    assertRefused(ChannelSettings.TRANSPORTS_KEY, "^tcp", "allows every transport it does not name");
  }

  private static void assertRefused(String key, String value, String expected) {
    Configuration conf = new Configuration(false);
    conf.set(key, value);
    assertThatThrownBy(() -> FastPathClientConfig.from(conf)).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining(key).hasMessageContaining(value).hasMessageContaining(expected);
  }
}
