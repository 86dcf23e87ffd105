package org.hbaseturbo.server.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class TestLiveSettings {
  private static final String KEY = "turbo.test.limit";
  private final ConfigurationWatch watch = new ConfigurationWatch();
  private final AtomicInteger parses = new AtomicInteger();

  private long parse(Configuration conf) {
    parses.incrementAndGet();
    long value = conf.getLong(KEY, 1);
    if (value < 1) {
      throw new IllegalArgumentException(KEY + " is '" + conf.get(KEY) + "'; expected a positive whole number");
    }
    return value;
  }

  @Test
  void aChangedConfigurationIsParsedAgainAndTheListenerToldBeforeAndAfter() {
    Configuration conf = new Configuration(false);
    LiveSettings<Long> settings = LiveSettings.of("test", conf, conf, this::parse, watch);
    List<String> told = new ArrayList<>();
    settings.onChange((before, after) -> told.add(before + "->" + after));
    assertThat(settings.get()).isEqualTo(1L);

    conf.set(KEY, "2");
    assertThat(settings.get()).as("not before the watch compares").isEqualTo(1L);
    watch.check();
    assertThat(settings.get()).isEqualTo(2L);
    assertThat(told).containsExactly("1->2");
  }

  @Test
  void anUnchangedConfigurationIsNotParsedAgain() {
    Configuration conf = new Configuration(false);
    conf.set(KEY, "3");
    LiveSettings.of("test", conf, conf, this::parse, watch);
    watch.check();
    watch.check();
    assertThat(parses).hasValue(1);
    conf.set("some.other.key", "x");
    watch.check();
    assertThat(parses).as("any change parses again; the value decides whether it changed").hasValue(2);
  }

  @Test
  void aValueThatDoesNotParseKeepsTheSettingsInForceAndSaysWhichValue() {
    Configuration conf = new Configuration(false);
    LiveSettings<Long> settings = LiveSettings.of("test component", conf, conf, this::parse, watch);
    List<Long> told = new ArrayList<>();
    settings.onChange((before, after) -> told.add(after));
    conf.set(KEY, "0");
    LiveSettings.Outcome outcome = settings.reread();
    assertThat(outcome.refused()).isTrue();
    assertThat(outcome.text()).isEqualTo("test component: the changed configuration is refused and the settings in"
        + " force stay: turbo.test.limit is '0'; expected a positive whole number");
    assertThat(settings.get()).isEqualTo(1L);
    assertThat(told).isEmpty();

    conf.set(KEY, "5");
    watch.check();
    assertThat(settings.get()).as("a later value that parses").isEqualTo(5L);
  }

  @Test
  void aValueRefusedAtStartFailsTheStart() {
    Configuration conf = new Configuration(false);
    conf.set(KEY, "-1");
    assertThatThrownBy(() -> LiveSettings.of("test", conf, conf, this::parse, watch))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("turbo.test.limit is '-1'");
    assertThat(watch.watchedConfigurations()).isZero();
  }

  @Test
  void settingsOfManyRegionsOfOneServerAreOneComparisonAndGoWhenClosed() {
    Configuration server = new Configuration(false);
    List<LiveSettings<Long>> regions = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      regions.add(LiveSettings.of("region " + i, server, server, this::parse, watch));
    }
    assertThat(watch.watchedConfigurations()).isEqualTo(1);
    server.set(KEY, "4");
    watch.check();
    assertThat(regions).allSatisfy(settings -> assertThat(settings.get()).isEqualTo(4L));
    regions.forEach(LiveSettings::close);
    assertThat(watch.watchedConfigurations()).isZero();
  }

  /** HBase gives a table-attribute coprocessor with properties a copy: its settings change when the region reopens. */
  @Test
  void settingsReadFromACopyDoNotChange() {
    Configuration server = new Configuration(false);
    Configuration copy = new Configuration(server);
    LiveSettings<Long> settings = LiveSettings.of("copy", server, copy, this::parse, watch);
    server.set(KEY, "6");
    watch.check();
    assertThat(settings.get()).isEqualTo(1L);
  }
}
