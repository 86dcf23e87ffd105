package org.hbaseturbo.server.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.apache.hadoop.metrics2.lib.DefaultMetricsSystem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A source is registered while anything holds it, once, and goes when the last hold closes; a coprocessor stopped and
 * loaded again registers it again; a source that cannot be registered costs a WARN, never an exception; whenever
 * {@code /prometheus} prints a source, {@code /jmx} lists its bean.
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

  /**
   * What {@code /prometheus} prints of a source, {@code /jmx} lists as its bean, after every step of two RegionServers
   * of one JVM holding the source and letting it go while HBase restarts Hadoop's metrics system, in every order the
   * steps can come in. HBase's {@code JmxCacheBuster} stops the system and starts it again, 5 s after a region opens
   * or closes and every 5 minutes, to rebuild the beans; while it is stopped no source is on either, and a source
   * registered then reaches both when it starts. On a deployed RegionServer and in the mini-cluster mode of the
   * embedded cluster, where Hadoop takes a second source of a name under another name instead of refusing it.
   */
  @ParameterizedTest(name = "mini-cluster mode {0}")
  @ValueSource(booleans = {false, true})
  void jmxListsTheBeanWheneverPrometheusPrintsTheSourceThroughHoldsAndMetricsSystemRestarts(boolean miniCluster) {
    MetricsRegistration.hold(Probe.NAME, Probe::new).close(); // starts the metrics system, as a RegionServer has it
    DefaultMetricsSystem.setMiniClusterMode(miniCluster);
    try {
      List<List<Step>> orders = new ArrayList<>();
      orders(new ArrayList<>(), orders);
      assertThat(orders).hasSize(90); // 6! / 2^3: each release after its hold, the start after the stop
      orders.forEach(TestMetricsRegistration::run);
    } finally {
      DefaultMetricsSystem.setMiniClusterMode(false);
    }
  }

  /** A step of {@link #jmxListsTheBeanWheneverPrometheusPrintsTheSourceThroughHoldsAndMetricsSystemRestarts}. */
  private enum Step {
    FIRST_HOLDS, FIRST_RELEASES, SECOND_HOLDS, SECOND_RELEASES, SYSTEM_STOPS, SYSTEM_STARTS;

    /** The step that must come before this one. */
    Step after() {
      return switch (this) {
        case FIRST_RELEASES -> FIRST_HOLDS;
        case SECOND_RELEASES -> SECOND_HOLDS;
        case SYSTEM_STARTS -> SYSTEM_STOPS;
        default -> null;
      };
    }
  }

  /** Every order of the steps left after {@code done}, added to {@code orders}. */
  private static void orders(List<Step> done, List<List<Step>> orders) {
    Set<Step> left = EnumSet.allOf(Step.class);
    left.removeAll(done);
    if (left.isEmpty()) {
      orders.add(List.copyOf(done));
    }
    for (Step step : left) {
      if (step.after() == null || done.contains(step.after())) {
        done.add(step);
        orders(done, orders);
        done.remove(done.size() - 1);
      }
    }
  }

  private static void run(List<Step> order) {
    MetricsRegistration.Hold[] holds = new MetricsRegistration.Hold[2];
    boolean running = true;
    List<Step> done = new ArrayList<>();
    try {
      for (Step step : order) {
        switch (step) {
          case FIRST_HOLDS -> holds[0] = MetricsRegistration.hold(Probe.NAME, Probe::new);
          case SECOND_HOLDS -> holds[1] = MetricsRegistration.hold(Probe.NAME, Probe::new);
          case FIRST_RELEASES -> holds[0].close();
          case SECOND_RELEASES -> holds[1].close();
          case SYSTEM_STOPS -> DefaultMetricsSystem.instance().stop();
          case SYSTEM_STARTS -> DefaultMetricsSystem.instance().start();
        }
        running = step == Step.SYSTEM_STARTS || running && step != Step.SYSTEM_STOPS;
        done.add(step);
        boolean held = holds[0] != null && holds[0].held() || holds[1] != null && holds[1].held();
        long printed = TestingMetrics.printed(Probe.NAME);
        assertThat(printed).as("records on /prometheus after %s", done).isEqualTo(held && running ? 1 : 0);
        assertThat(TestingMetrics.inJmx(Probe.NAME)).as("the bean on /jmx after %s", done).isEqualTo(printed == 1);
      }
    } finally {
      for (MetricsRegistration.Hold hold : holds) {
        if (hold != null) {
          hold.close();
        }
      }
      if (!running) {
        DefaultMetricsSystem.instance().start();
      }
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
