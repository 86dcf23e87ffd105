package org.hbaseturbo.server.scan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.apache.hadoop.conf.Configuration;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;
import org.junit.jupiter.api.Test;

/**
 * The endpoint's settings (defaults, keys, bad values) and what the regions and the RegionServer hold (prepared scans,
 * open cursors) against their limits.
 */
class TestPreparedScanLimits {
  @Test
  void defaults() {
    Configuration empty = new Configuration(false);
    assertThat(PreparedScanConfig.from(empty)).isEqualTo(new PreparedScanConfig(Duration.ofSeconds(60),
        2L << 20, 10_000, 16L << 20, 1_000, new ExecuteTimeLimit(Duration.ofMillis(100), Duration.ofMillis(10))));
    assertThat(ServerLimits.from(empty)).isEqualTo(new ServerLimits(10_000, 16L << 20, 64L << 20, 1_000, 4_000));
  }

  @Test
  void keysTakeCountsAndSizesWithSuffixes() {
    Configuration conf = new Configuration(false);
    conf.set("turbo.prepared-scan.lease", "500");
    conf.set("hbase.client.scanner.max.result.size", "4096");
    conf.set("turbo.prepared-scan.region.max-scans", "7");
    conf.set("turbo.prepared-scan.region.max-bytes", "3k");
    conf.set("turbo.prepared-scan.user.max-scans", "11");
    conf.set("turbo.prepared-scan.user.max-bytes", "2m");
    conf.set("turbo.prepared-scan.server.max-bytes", "1g");
    conf.set("turbo.prepared-scan.region.max-cursors", "5");
    conf.set("turbo.prepared-scan.user.max-cursors", "13");
    conf.set("turbo.prepared-scan.server.max-cursors", "17");
    conf.set("turbo.prepared-scan.execute.max-time", "2s");
    conf.set("hbase.region.server.rpc.minimum.scan.time.limit.delta", "3");
    assertThat(PreparedScanConfig.from(conf)).isEqualTo(new PreparedScanConfig(Duration.ofMillis(500), 4096, 7,
        3072, 5, new ExecuteTimeLimit(Duration.ofSeconds(2), Duration.ofMillis(3))));
    conf.set("turbo.prepared-scan.execute.max-time", "250");
    assertThat(ExecuteTimeLimit.from(conf).max()).as("a number alone is milliseconds").hasMillis(250);
    assertThat(ServerLimits.from(conf)).isEqualTo(new ServerLimits(11, 2L << 20, 1L << 30, 13, 17));
  }

  @Test
  void badValuesNameTheKey() {
    Configuration conf = new Configuration(false);
    conf.set("turbo.prepared-scan.user.max-bytes", "lots");
    assertThatThrownBy(() -> ServerLimits.from(conf)).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("turbo.prepared-scan.user.max-bytes is 'lots'; expected a positive size in bytes (suffixes k,"
            + " m, g allowed)");
    conf.set("turbo.prepared-scan.user.max-bytes", "1m");
    conf.set("turbo.prepared-scan.user.max-scans", "0");
    assertThatThrownBy(() -> ServerLimits.from(conf))
        .hasMessage("turbo.prepared-scan.user.max-scans is '0'; expected a positive whole number");
    conf.set("turbo.prepared-scan.execute.max-time", "soon");
    assertThatThrownBy(() -> ExecuteTimeLimit.from(conf)).hasMessage("turbo.prepared-scan.execute.max-time is"
        + " 'soon'; expected a duration of at least 1ms such as 100ms, 2s or 50us (a number alone is in"
        + " milliseconds)");
    conf.set("turbo.prepared-scan.execute.max-time", "0s");
    assertThatThrownBy(() -> ExecuteTimeLimit.from(conf)).hasMessageStartingWith(
        "turbo.prepared-scan.execute.max-time is '0s'; expected a duration of at least 1ms");
  }

  @Test
  void anExecuteOffRpcReadsForTheLimitAndNeverLessThanTheMinimum() {
    // No RPC call on this thread, as for the fast path's requests: the limit alone bounds the execute.
    assertThat(new ExecuteTimeLimit(Duration.ofMillis(100), Duration.ofMillis(10)).deadline(5_000)).isEqualTo(5_100);
    assertThat(new ExecuteTimeLimit(Duration.ofMillis(4), Duration.ofMillis(10)).deadline(5_000)).isEqualTo(5_010);
  }

  @Test
  void holdingsRefuseWhatWouldPassALimitAndCountNothingThen() throws Exception {
    ServerHoldings holdings = new ServerHoldings(() -> new ServerLimits(3, 1000, 2000, 10, 10));
    holdings.reserve("ann", 400);
    holdings.reserve("ann", 400);
    assertRefused(() -> holdings.reserve("ann", 300), "turbo.prepared-scan.user.max-bytes");
    assertThat(holdings.bytesOf("ann")).isEqualTo(800);
    holdings.reserve("ann", 100);
    assertRefused(() -> holdings.reserve("ann", 1), "turbo.prepared-scan.user.max-scans");
    holdings.reserve("ben", 500);
    assertRefused(() -> holdings.reserve("cat", 700), "turbo.prepared-scan.server.max-bytes");
    assertThat(holdings.bytes()).isEqualTo(1400);
    assertThat(holdings.scansOf("cat")).isZero();

    holdings.release("ann", 400);
    holdings.release("ben", 500);
    holdings.reserve("cat", 200);
    assertThat(holdings.scansOf("ann")).isEqualTo(2);
    assertThat(holdings.scansOf("ben")).isZero();
    assertThat(holdings.bytes()).isEqualTo(700);
  }

  @Test
  void holdingsRefuseACursorOverAUsersOrTheServersLimit() throws Exception {
    ServerHoldings holdings = new ServerHoldings(() -> new ServerLimits(10, 1000, 1000, 2, 3));
    holdings.reserveCursor("ann");
    holdings.reserveCursor("ann");
    assertRefused(() -> holdings.reserveCursor("ann"), "you have 2 open cursors on this RegionServer; the limit is 2"
        + " (turbo.prepared-scan.user.max-cursors)");
    holdings.reserveCursor("ben");
    assertRefused(() -> holdings.reserveCursor("cat"), "this RegionServer has 3 open cursors, all users' together;"
        + " the limit is 3 (turbo.prepared-scan.server.max-cursors)");
    assertThat(holdings.cursors()).isEqualTo(3);
    assertThat(holdings.cursorsOf("cat")).isZero();

    // A user's prepared scans and cursors are counted apart: neither release takes the other's count with it.
    holdings.reserve("ann", 100);
    holdings.releaseCursor("ann");
    holdings.releaseCursor("ann");
    assertThat(holdings.scansOf("ann")).isEqualTo(1);
    holdings.reserveCursor("cat");
    holdings.release("ann", 100);
    assertThat(holdings.cursorsOf("ann")).isZero();
    assertThat(holdings.cursorsOf("cat")).isEqualTo(1);
    assertThat(holdings.cursors()).isEqualTo(2);
  }

  @Test
  void oneUserTakesAtMostHalfOfWhatTheOthersLeave() throws Exception {
    ServerHoldings holdings = new ServerHoldings(() -> new ServerLimits(100, 10_000, 1_000, 100, 8));
    for (int i = 0; i < 4; i++) {
      holdings.reserveCursor("ann");
    }
    assertRefused(() -> holdings.reserveCursor("ann"), "you have 4 open cursors on this RegionServer; the other users"
        + " hold 0 of this RegionServer's 8 (turbo.prepared-scan.server.max-cursors)");
    holdings.reserve("ann", 500);
    assertRefused(() -> holdings.reserve("ann", 1), "the other users hold 0 of this RegionServer's 1000"
        + " (turbo.prepared-scan.server.max-bytes)");
    holdings.reserve("ben", 200);
    holdings.reserveCursor("ben");
    holdings.reserveCursor("ben");
    assertRefused(() -> holdings.reserveCursor("ben"), "at most half of what the others leave");
    assertThat(holdings.cursors()).isEqualTo(6);
    assertThat(holdings.bytes()).isEqualTo(700);
  }

  @Test
  void aRegionRefusesACursorOverItsLimitUntilOneCloses() throws Exception {
    ServerHoldings holdings = new ServerHoldings(() -> ServerLimits.from(new Configuration(false)));
    Configuration conf = new Configuration(false);
    conf.set("turbo.prepared-scan.region.max-cursors", "2");
    PreparedScanConfig config = PreparedScanConfig.from(conf);
    RegionPreparedScans region = new RegionPreparedScans(() -> config, holdings);
    Runnable first = region.reserveCursor("ann");
    region.reserveCursor("ben");
    assertRefused(() -> region.reserveCursor("cat"), "this region has 2 open cursors; the limit is 2"
        + " (turbo.prepared-scan.region.max-cursors)");
    assertThat(holdings.cursorsOf("cat")).as("refused by the region, not counted by the server").isZero();
    first.run();
    region.reserveCursor("cat");
    assertThat(region.cursorCount()).isEqualTo(2);
    assertThat(holdings.cursorsOf("ann")).isZero();
    assertThat(holdings.cursors()).isEqualTo(2);
  }

  private interface Call {
    void run() throws Exception;
  }

  private static void assertRefused(Call call, String key) {
    assertThatThrownBy(call::run).isInstanceOfSatisfying(PreparedScanException.class,
        e -> assertThat(e.error()).isEqualTo(PreparedScanError.LIMIT_EXCEEDED)).hasMessageContaining(key);
  }
}
