package org.hbaseturbo.client.fastpath;

import java.nio.ByteBuffer;
import java.util.List;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;

/**
 * A fast-path session with one RegionServer, opened over RPC through a region it holds.
 *
 * @param workers the server's UCX worker addresses
 * @param table a table with a region on the server, and {@code row} in that region: where the session was opened
 *     and where it is closed
 * @param runtime the UCX runtime the server loaded, as it describes it
 */
record ServerSession(ServerName server, byte[] token, List<ByteBuffer> workers, TableName table,
    byte[] row, String runtime) {
}
