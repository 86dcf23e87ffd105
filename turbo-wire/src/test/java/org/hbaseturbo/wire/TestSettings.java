package org.hbaseturbo.wire;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** Settings carry their units in values, as Hadoop's do; a bad value is refused naming key, value and expectation. */
class TestSettings {
  private static final String KEY = "turbo.test.setting";

  @Test
  void durationsTakeUnitsInTheValueAndABareNumberInTheSettingsOwnUnit() {
    assertThat(duration("250ms", TimeUnit.MILLISECONDS)).isEqualTo(Duration.ofMillis(250));
    assertThat(duration("2s", TimeUnit.MILLISECONDS)).isEqualTo(Duration.ofSeconds(2));
    assertThat(duration("50us", TimeUnit.MILLISECONDS)).isEqualTo(Duration.ofNanos(50_000));
    assertThat(duration("75", TimeUnit.MICROSECONDS)).isEqualTo(Duration.ofNanos(75_000));
    assertThat(duration("75", TimeUnit.MILLISECONDS)).isEqualTo(Duration.ofMillis(75));
    assertThat(duration(null, TimeUnit.MILLISECONDS)).as("default").isEqualTo(Duration.ofSeconds(9));
  }

  @Test
  void sizesAndCounts() {
    Configuration conf = new Configuration(false);
    conf.set(KEY, "64k");
    assertThat(Settings.bytes(conf, KEY, 1)).isEqualTo(64 << 10);
    conf.set(KEY, "12");
    assertThat(Settings.count(conf, KEY, 1, 1)).isEqualTo(12);
    conf.set(KEY, "0");
    assertThat(Settings.count(conf, KEY, 1, 0)).isZero();
    assertThat(Settings.count(new Configuration(false), KEY, 7, 1)).isEqualTo(7);
  }

  @Test
  void badValuesAreRefusedNamingKeyValueAndExpectation() {
    assertRefused(conf -> Settings.duration(conf, KEY, Duration.ofSeconds(1), TimeUnit.MILLISECONDS,
        Duration.ofMillis(1)), "soon", "expected a duration of at least 1ms such as 100ms, 2s or 50us (a number"
            + " alone is in milliseconds)");
    assertRefused(conf -> Settings.duration(conf, KEY, Duration.ofSeconds(1), TimeUnit.MILLISECONDS,
        Duration.ofMillis(1)), "0", "expected a duration of at least 1ms");
    assertRefused(conf -> Settings.duration(conf, KEY, Duration.ofSeconds(1), TimeUnit.MICROSECONDS,
        Duration.ZERO), "-3", "expected a duration of at least 0");
    assertRefused(conf -> Settings.bytes(conf, KEY, 1), "4q", "expected a positive size in bytes");
    assertRefused(conf -> Settings.bytes(conf, KEY, 1), "0", "expected a positive size in bytes");
    assertRefused(conf -> Settings.count(conf, KEY, 1, 1), "many", "expected a whole number");
    assertRefused(conf -> Settings.count(conf, KEY, 1, 1), "0", "expected a positive whole number");
    assertRefused(conf -> Settings.count(conf, KEY, 5, 2), "1", "expected a whole number of at least 2");
    assertRefused(conf -> Settings.count(conf, KEY, 1, 0), "-1", "expected 0 or more");
  }

  private static Duration duration(String value, TimeUnit bareUnit) {
    Configuration conf = new Configuration(false);
    if (value != null) {
      conf.set(KEY, value);
    }
    return Settings.duration(conf, KEY, Duration.ofSeconds(9), bareUnit, Duration.ZERO);
  }

  private static void assertRefused(java.util.function.Consumer<Configuration> read, String value, String expected) {
    Configuration conf = new Configuration(false);
    conf.set(KEY, value);
    assertThatThrownBy(() -> read.accept(conf)).isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith(KEY + " is '" + value + "'; ").hasMessageContaining(expected);
  }
}
