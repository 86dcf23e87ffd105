package org.hbaseturbo.cli;

import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.client.fastpath.FastPathCheck;
import org.hbaseturbo.client.fastpath.ServerCheck;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;

/**
 * Whether the fast path works between this host and every RegionServer, checked before the demo runs its fast-path
 * comparisons (one Get each, as {@code turbo fastpath check} does): the demo skips them where it does not, and says
 * why, with the fix where there is one.
 *
 * @param whyNot empty when the fast path works; else what is wrong, in full
 */
record FastPathProbe(Optional<String> whyNot) {
  static FastPathProbe of(Connection connection) throws IOException {
    try {
      return new FastPathProbe(new FastPathCheck(connection, 1).run().stream()
          .filter(server -> server.state() == ServerCheck.State.DOWN).findFirst()
          .map(down -> "RegionServer " + down.server() + ": " + down.detail()));
    } catch (FastPathUnavailableException e) {
      return new FastPathProbe(Optional.of("this host: " + e.getMessage()));
    } catch (LinkageError e) {
      return new FastPathProbe(Optional.of("this host: the fast path's transport cannot be loaded: " + e));
    }
  }

  boolean up() {
    return whyNot.isEmpty();
  }

  /** For a table cell: "skipped", and the fix where the cause is a missing UCX. */
  String skipped() {
    return whyNot.map(why -> why.contains(FastPathUnavailableException.INSTALL_UCX)
        ? "skipped: no UCX (" + FastPathUnavailableException.INSTALL_UCX + ")" : "skipped: fast path down, see above")
        .orElse("");
  }
}
