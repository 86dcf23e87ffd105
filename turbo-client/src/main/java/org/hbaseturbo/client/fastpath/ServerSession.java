package org.hbaseturbo.client.fastpath;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;

/**
 * A fast-path session with one RegionServer, opened over RPC through a region it holds.
 *
 * @param id the session's id, which every request names
 * @param key the session key, which signs requests and replies; never sent
 * @param workers the server's UCX worker addresses
 * @param table a table with a region on the server, and {@code row} in that region: where the session was opened
 *     and where it is closed
 * @param runtime the UCX runtime the server loaded, as it describes it
 * @param clock where the server's clock stands against this client's
 * @param maxRequestBytes the largest message the server took when it issued the session; it drops larger ones
 *     unanswered
 * @param renewAtNanos when (on this client's clock) the client opens a new session rather than use this one, well
 *     before the server stops accepting it
 * @param renews the id of the session this one renews, which was due for renewal; null when this one was opened
 *     first, or in place of one dropped for a failure or for no answer
 */
record ServerSession(ServerName server, byte[] id, byte[] key, List<ByteBuffer> workers,
    TableName table, byte[] row, String runtime, ServerClock clock, long maxRequestBytes, long renewAtNanos,
    byte[] renews) {
  /** Whether this session renews {@code earlier}. */
  boolean renewed(ServerSession earlier) {
    return renews != null && Arrays.equals(renews, earlier.id);
  }
}
