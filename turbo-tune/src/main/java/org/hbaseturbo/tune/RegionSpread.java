package org.hbaseturbo.tune;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.IntFunction;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.common.DaemonThreads;
import org.hbaseturbo.common.EveryStep;
import org.hbaseturbo.common.Pause;

/**
 * Places a table's regions on the live RegionServers in turns, in key order: as HBase places the regions of a table
 * created split, and the same for every table of the same split points, which copies of one table compared with each
 * other need. Or all on one server, for a table that server's own settings govern alone.
 */
public final class RegionSpread {
  /** For a region to open where a split or a move put it: seconds on an idle cluster, bounded far above. */
  static final Duration OPEN_BOUND = Duration.ofMinutes(2);
  /** As many as the master and the servers' region openers take in parallel without much of a queue. */
  private static final int CONCURRENT_MOVES = 8;

  private RegionSpread() {
  }

  /**
   * Moves the regions of {@code table} that are not where their turn puts them, and returns once each is open there.
   *
   * @param progress told how many regions moved
   */
  public static void inTurns(Connection connection, TableName table, Consumer<String> progress) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      List<ServerName> servers = new ArrayList<>(admin.getRegionServers());
      servers.sort(null);
      Placed placed = place(connection, table, i -> servers.get(i % servers.size()));
      progress.accept("moved " + placed.moved() + " of the " + placed.regions() + " regions so that the "
          + servers.size() + " RegionServers hold them in turns");
    }
  }

  /**
   * Moves every region of {@code table} that is elsewhere to {@code server}, and returns once each is open there: for
   * a table served by one server alone, which that server's own settings then govern.
   *
   * @return how many regions moved
   */
  public static int onto(Connection connection, TableName table, ServerName server) throws IOException {
    return place(connection, table, i -> server).moved();
  }

  /** How many of a table's regions moved, of how many. */
  private record Placed(int moved, int regions) {
  }

  /**
   * Moves each region, in key order, to where {@code target} puts the i-th, unless it is there; waits until each is
   * open there. The moves run at once: each waits on the master while its region closes and opens again, about a
   * second on 2 cores, and one after another they took 6 s of a bulk load's calibration run that measures 3 s.
   */
  private static Placed place(Connection connection, TableName table, IntFunction<ServerName> target)
      throws IOException {
    try (Admin admin = connection.getAdmin(); RegionLocator locator = connection.getRegionLocator(table)) {
      List<RegionInfo> regions = new ArrayList<>(admin.getRegions(table));
      regions.sort(RegionInfo.COMPARATOR);
      List<Callable<Void>> moves = new ArrayList<>();
      for (int i = 0; i < regions.size(); i++) {
        RegionInfo region = regions.get(i);
        ServerName to = target.apply(i);
        if (!locator.getRegionLocation(region.getStartKey(), true).getServerName().equals(to)) {
          moves.add(() -> {
            try (Admin mover = connection.getAdmin()) {
              mover.move(region.getEncodedNameAsBytes(), to);
            }
            return null;
          });
        }
      }
      runAtOnce(moves);
      for (int i = 0; i < regions.size(); i++) {
        RegionInfo region = regions.get(i);
        ServerName to = target.apply(i);
        Await.until(OPEN_BOUND, "region " + region.getEncodedName() + " of table " + table + " to open on " + to,
            () -> locator.getRegionLocation(region.getStartKey(), true).getServerName().equals(to));
      }
      return new Placed(moves.size(), regions.size());
    }
  }

  /** Runs {@code moves}, up to {@link #CONCURRENT_MOVES} at once; throws the first one's failure once all ended. */
  private static void runAtOnce(List<Callable<Void>> moves) throws IOException {
    if (moves.isEmpty()) {
      return;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(CONCURRENT_MOVES, moves.size()),
        DaemonThreads.named("region-move"));
    try {
      EveryStep ended = new EveryStep();
      for (Future<Void> move : pool.invokeAll(moves)) {
        try {
          move.get();
        } catch (ExecutionException e) {
          ended.add(e.getCause() instanceof IOException io ? io : new IOException(e.getCause()));
        }
      }
      ended.throwFirst();
    } catch (InterruptedException e) {
      throw Pause.interrupted("regions moved", e);
    } finally {
      pool.shutdownNow();
    }
  }
}
