package org.hbaseturbo.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.junit.jupiter.api.Test;

/**
 * A source is registered while anything holds it, once, and goes when the last hold closes; a coprocessor stopped and
 * loaded again registers it again; a source that cannot be registered costs a WARN, never an exception.
 */
class TestMetricsRegistration {
  private static final AtomicLong VALUE = new AtomicLong();

  /** A source whose one counter is {@link #VALUE}. */
  static final class Probe extends TurboMetricsSource {
    static final String NAME = "TurboTestProbe";

    Probe() {
      super(NAME, "a test's source");
    }

    @Override
    protected void snapshot(MetricsRecordBuilder record) {
      record.addCounter(info("value", "the test's value"), VALUE.get());
    }
  }

  @Test
  void registersOnceWhileHeldAndGoesWithTheLastHold() {
    MetricsRegistration.Hold first = MetricsRegistration.hold(Probe.NAME, Probe::new);
    MetricsRegistration.Hold second = MetricsRegistration.hold(Probe.NAME, Probe::new);
    assertThat(TestingMetrics.records(Probe.NAME)).isEqualTo(1);
    assertThat(TestingMetrics.inJmx(Probe.NAME)).isTrue();
    first.close();
    first.close(); // a second close of one hold gives back nothing more
    assertThat(TestingMetrics.records(Probe.NAME)).as("still held by the second").isEqualTo(1);
    second.close();
    assertThat(TestingMetrics.records(Probe.NAME)).isZero();
    assertThat(TestingMetrics.inJmx(Probe.NAME)).isFalse();
    assertThat(MetricsRegistration.isRegistered(Probe.NAME)).isFalse();
  }

  @Test
  void aSourceStoppedAndLoadedAgainIsRegisteredAgainWithLiveValues() {
    for (int round = 0; round < 2; round++) {
      try (MetricsRegistration.Hold hold = MetricsRegistration.hold(Probe.NAME, Probe::new)) {
        assertThat(hold.held()).isTrue();
        VALUE.set(41 + round);
        assertThat(TestingMetrics.require(Probe.NAME).get("value")).isEqualTo(41 + round);
        assertThat(TestingMetrics.require(Probe.NAME).tags()).containsEntry("Context", "regionserver");
        assertThat(TestingMetrics.inJmx(Probe.NAME)).isTrue();
      }
      assertThat(TestingMetrics.read(Probe.NAME)).isEmpty();
    }
  }

  @Test
  void aSourceThatCannotBeRegisteredIsLeftOutWithoutFailing() {
    MetricsRegistration.Hold hold = MetricsRegistration.hold("TurboTestBroken", () -> {
      throw new IllegalStateException("planted");
    });
    assertThat(hold.held()).isFalse();
    assertThat(MetricsRegistration.isRegistered("TurboTestBroken")).isFalse();
    hold.close();
    // The name it was asked for is not the source's: refused, and the source made on the way unregistered.
    MetricsRegistration.Hold misnamed = MetricsRegistration.hold("TurboTestOther", Probe::new);
    assertThat(MetricsRegistration.isRegistered("TurboTestOther")).isFalse();
    assertThat(TestingMetrics.read(Probe.NAME)).isEmpty();
    misnamed.close();
  }

  @Test
  void tagValuesCannotBreakPrometheusLines() {
    assertThat(TurboMetricsSource.tagValue("no \"UCX\"\nhere \\ at all")).isEqualTo("no UCX here at all");
    assertThat(TurboMetricsSource.tagValue(null)).isEmpty();
  }
}
