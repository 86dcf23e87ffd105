package org.hbaseturbo.server.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.conf.Configuration;
import org.hbaseturbo.server.metrics.MetricsRegistration;
import org.hbaseturbo.server.metrics.TestingMetrics;
import org.hbaseturbo.server.metrics.TestingMetrics.Figures;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;
import org.junit.jupiter.api.Test;

/** Prepared Scan's source shows what the RegionServers hold and what the endpoints counted. */
class TestPreparedScanMetrics {
  private static final String SOURCE = PreparedScanMetrics.NAME;

  @Test
  void showsHoldingsExecutesAndRefusalsByCode() throws Exception {
    Object server = new Object(); // holdings are kept per server object, while it is reachable
    ServerHoldings holdings = ServerHoldings.of(server, new Configuration(false));
    try (MetricsRegistration.Hold hold = MetricsRegistration.hold(SOURCE, PreparedScanMetrics::new)) {
      assertThat(hold.held()).isTrue();
      Figures before = TestingMetrics.require(SOURCE);
      holdings.reserve("alice", 700);
      holdings.reserve("bob", 300);
      holdings.reserveCursor("alice");
      PreparedScanCounters.EXECUTES.add(5);
      PreparedScanCounters.PREPARES.add(2);
      for (int i = 0; i < 2; i++) {
        assertThatThrownBy(() -> PreparedScanEndpoint.counted(() -> {
          throw new PreparedScanException(PreparedScanError.LIMIT_EXCEEDED, "planted");
        })).isInstanceOf(PreparedScanException.class);
      }
      assertThatThrownBy(() -> PreparedScanEndpoint.counted(() -> {
        throw new PreparedScanException(PreparedScanError.UNKNOWN_FAMILY, "planted");
      })).isInstanceOf(PreparedScanException.class);
      Figures after = TestingMetrics.require(SOURCE);
      assertThat(after.get("preparedScans") - before.get("preparedScans")).isEqualTo(2);
      assertThat(after.get("preparedBytes") - before.get("preparedBytes")).isEqualTo(1000);
      assertThat(after.get("openCursors") - before.get("openCursors")).isEqualTo(1);
      assertThat(after.get("executes") - before.get("executes")).isEqualTo(5);
      assertThat(after.get("prepares") - before.get("prepares")).isEqualTo(2);
      assertThat(after.get("refusedLimitExceeded") - before.get("refusedLimitExceeded")).isEqualTo(2);
      assertThat(after.get("refusedUnknownFamily") - before.get("refusedUnknownFamily")).isEqualTo(1);
      assertThat(after.get("refusedNotDeployed")).isEqualTo(before.get("refusedNotDeployed"));
      assertThat(after.metrics()).doesNotContainKey("refusedMalformedReply");

      holdings.release("alice", 700);
      holdings.releaseCursor("alice");
      Figures released = TestingMetrics.require(SOURCE);
      assertThat(released.get("preparedScans")).isEqualTo(before.get("preparedScans") + 1);
      assertThat(released.get("preparedBytes")).isEqualTo(before.get("preparedBytes") + 300);
      assertThat(released.get("openCursors")).isEqualTo(before.get("openCursors"));
      holdings.release("bob", 300);
    }
    assertThat(TestingMetrics.read(SOURCE)).isEmpty();
  }

  @Test
  void namesEachRefusalInCamelCase() {
    assertThat(PreparedScanMetrics.refusedName(PreparedScanError.LIMIT_EXCEEDED)).isEqualTo("refusedLimitExceeded");
    assertThat(PreparedScanMetrics.refusedName(PreparedScanError.CLOSED)).isEqualTo("refusedClosed");
  }
}
