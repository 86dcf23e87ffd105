package org.hbaseturbo.cluster;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.file.Path;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.util.RegionMover;

/**
 * HBase's {@link RegionMover}, as a rolling restart uses it: a RegionServer's regions moved to the others before it
 * stops, their list kept in a file, and moved back once it serves again. Each move waits for every region to be
 * acknowledged open, and fails with what could not be moved.
 */
final class RegionMoves {
  private RegionMoves() {
  }

  /** Moves the regions of the server at {@code address} (host:port) to the others, listing them in {@code regions}. */
  static void unload(Configuration client, String address, Path regions, String what) throws IOException {
    try (RegionMover mover = mover(client, address, regions)) {
      run(mover::unload, what);
    }
  }

  /** Moves the regions listed in {@code regions} back to the server at {@code address}. */
  static void load(Configuration client, String address, Path regions, String what) throws IOException {
    try (RegionMover mover = mover(client, address, regions)) {
      run(mover::load, what);
    }
  }

  /** A mover with a connection of its own, which its close() closes. */
  private static RegionMover mover(Configuration client, String address, Path regions) throws IOException {
    return new RegionMover.RegionMoverBuilder(address, client).filename(regions.toString()).ack(true).build();
  }

  /** What RegionMover's load and unload do: true when every region moved. */
  private interface Move {
    boolean run() throws ExecutionException, InterruptedException, TimeoutException;
  }

  private static void run(Move move, String what) throws IOException {
    boolean moved;
    try {
      moved = move.run();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while trying to " + what);
    } catch (ExecutionException | TimeoutException e) {
      throw new IOException("could not " + what + ": " + e.getMessage(), e);
    }
    if (!moved) {
      throw new IOException("could not " + what + "; HBase's RegionMover says why in the launcher's log");
    }
  }
}
