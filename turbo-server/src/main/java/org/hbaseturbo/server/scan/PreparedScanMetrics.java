package org.hbaseturbo.server.scan;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import org.apache.hadoop.metrics2.MetricsInfo;
import org.apache.hadoop.metrics2.MetricsRecordBuilder;
import org.hbaseturbo.server.metrics.TurboMetricsSource;
import org.hbaseturbo.wire.scan.PreparedScanError;

/**
 * Prepared Scan's figures as the metrics source {@code RegionServer,sub=TurboPreparedScan}: what this JVM's
 * RegionServers hold ({@link ServerHoldings}) and what the endpoints did ({@link PreparedScanCounters})
 * (docs/operating.md, Metrics, lists each with its unit).
 */
final class PreparedScanMetrics extends TurboMetricsSource {
  static final String NAME = "TurboPreparedScan";
  private static final MetricsInfo PREPARED_SCANS = info("preparedScans", "prepared scans held");
  private static final MetricsInfo PREPARED_BYTES = info("preparedBytes",
      "bytes the prepared scans held are charged against the limits");
  private static final MetricsInfo OPEN_CURSORS = info("openCursors", "cursors open for executes");
  private static final MetricsInfo PREPARES = info("prepares",
      "prepared scans asked for: prepare calls, and executes that carried their scan because it was not held");
  private static final MetricsInfo EXECUTES = info("executes", "executes received, all routes");
  /** One counter per refusal code: refusedLimitExceeded, refusedUnknownFamily, ... */
  private static final Map<PreparedScanError, MetricsInfo> REFUSED = new EnumMap<>(PreparedScanError.class);

  static {
    for (PreparedScanError error : PreparedScanError.values()) {
      if (error == PreparedScanError.MALFORMED_REPLY) {
        continue; // the client's own code: no RegionServer refuses with it
      }
      REFUSED.put(error, info(refusedName(error), "prepares and executes refused with " + error));
    }
  }

  PreparedScanMetrics() {
    super(NAME, "HBase Turbo Prepared Scan");
  }

  /** LIMIT_EXCEEDED: refusedLimitExceeded. */
  static String refusedName(PreparedScanError error) {
    StringBuilder name = new StringBuilder("refused");
    for (String word : error.name().split("_")) {
      name.append(word.charAt(0)).append(word.substring(1).toLowerCase(Locale.ROOT));
    }
    return name.toString();
  }

  @Override
  protected void snapshot(MetricsRecordBuilder record) {
    long scans = 0;
    long bytes = 0;
    long cursors = 0;
    for (ServerHoldings server : ServerHoldings.all()) {
      scans += server.scans();
      bytes += server.bytes();
      cursors += server.cursors();
    }
    record.addGauge(PREPARED_SCANS, scans)
        .addGauge(PREPARED_BYTES, bytes)
        .addGauge(OPEN_CURSORS, cursors)
        .addCounter(PREPARES, PreparedScanCounters.PREPARES.sum())
        .addCounter(EXECUTES, PreparedScanCounters.EXECUTES.sum());
    for (Map.Entry<PreparedScanError, MetricsInfo> refused : REFUSED.entrySet()) {
      record.addCounter(refused.getValue(), PreparedScanCounters.refusedFor(refused.getKey()));
    }
  }
}
