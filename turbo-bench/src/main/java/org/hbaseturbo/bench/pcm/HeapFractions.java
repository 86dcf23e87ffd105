package org.hbaseturbo.bench.pcm;

import java.io.IOException;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.client.stats.RegionServerState;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.tune.AuditLog;
import org.hbaseturbo.tune.policy.PolicySetting;

/**
 * The memstore and block-cache fractions the RegionServers run with: a policy's fractions reach them through the heap
 * tuner, one bounded step per tuner period, so a benchmark waits for them before it measures the policy.
 */
final class HeapFractions {
  /** A JVM reports a little less than its -Xmx as its maximum heap; within this, a fraction is the target. */
  private static final double TOLERANCE = 0.01;
  private static final Duration LIMIT = Duration.ofMinutes(3);
  static final Duration STALLED = Duration.ofSeconds(30);

  private HeapFractions() {
  }

  /**
   * Waits until every server runs with the fractions a policy's apply asked for ({@code applied}, its audit
   * entries), or until they stopped moving short of them (the servers' heap tuner holds a fraction back while the
   * heap is full after collections), at most 3 minutes; says how long it took and where they are.
   */
  static void await(Connection connection, List<AuditLog.Entry> applied, PrintWriter out) throws IOException {
    Optional<Double> memstore = target(applied, PolicySetting.MEMSTORE);
    Optional<Double> blockCache = target(applied, PolicySetting.BLOCK_CACHE);
    long start = System.nanoTime();
    List<RegionServerState> servers = awaitSettled(connection, every -> every,
        every -> inForce(every, memstore, blockCache), "the policy's fractions", "the policy's heap fractions"
            + " (memstore " + memstore + ", block cache " + blockCache + ")");
    double seconds = (System.nanoTime() - start) / 1e9;
    if (inForce(servers, memstore, blockCache)) {
      out.printf("    heap fractions in force after %.0f s: memstore %s, block cache %s%n", seconds,
          memstore.map(String::valueOf).orElse("unchanged"), blockCache.map(String::valueOf).orElse("unchanged"));
    } else {
      out.printf("    heap fractions held short of the policy's after %.0f s: memstore %.2f (policy %s), block cache"
          + " %.2f (policy %s); the servers' heap tuner holds a fraction back while the heap is full after"
          + " collections, and their logs say so%n", seconds,
          servers.stream().mapToDouble(server -> fraction(server.memstoreLimitBytes(), server)).average().orElse(0),
          memstore.map(String::valueOf).orElse("unchanged"),
          servers.stream().mapToDouble(server -> fraction(server.blockCacheMaxBytes(), server)).average().orElse(0),
          blockCache.map(String::valueOf).orElse("unchanged"));
    }
    out.flush();
  }

  /**
   * Waits until each server of {@code targets} (by its name, "host,port,startcode") runs with its own memstore and
   * block-cache fractions, or until they stopped moving short of them, at most 3 minutes.
   *
   * @return where the servers that fell short stand, for the progress lines; empty when every one is at its targets
   */
  static Optional<String> awaitEach(Connection connection, Map<String, Fractions> targets) throws IOException {
    List<RegionServerState> servers = awaitSettled(connection,
        every -> every.stream().filter(server -> targets.containsKey(server.server())).toList(),
        named -> named.size() == targets.size() && named.stream().allMatch(server -> inForce(server,
            targets.get(server.server()))), "each server's fractions", "their heap fractions " + targets);
    List<String> fallenShort = new ArrayList<>(servers.stream()
        .filter(server -> !inForce(server, targets.get(server.server())))
        .map(server -> String.format("%s at memstore %.2f, block cache %.2f (targets %s)", server.server(),
            fraction(server.memstoreLimitBytes(), server), fraction(server.blockCacheMaxBytes(), server),
            targets.get(server.server())))
        .toList());
    targets.keySet().stream().filter(name -> servers.stream().noneMatch(server -> server.server().equals(name)))
        .forEach(name -> fallenShort.add(name + " did not report its fractions"));
    return fallenShort.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", fallenShort));
  }

  /**
   * Reads the servers every second until those {@code which} picks are {@code inForce}, or until their fractions
   * stopped moving ({@link Stall}), at most {@link #LIMIT}; returns the reading that ended the wait.
   *
   * @param reach the fractions waited for, in the progress line ("the heap tuner to reach REACH")
   * @param what the same, in the error when the wait outlasts its limit
   */
  private static List<RegionServerState> awaitSettled(Connection connection,
      UnaryOperator<List<RegionServerState>> which, Predicate<List<RegionServerState>> inForce, String reach,
      String what) throws IOException {
    ServerStatsReader reader = new ServerStatsReader(connection);
    Stall stall = new Stall(System.nanoTime());
    AtomicReference<List<RegionServerState>> last = new AtomicReference<>();
    Await.until(() -> {
      last.set(which.apply(reader.workload().servers()));
      return inForce.test(last.get()) || stall.stalled(last.get(), System.nanoTime());
    }, LIMIT, Duration.ofSeconds(1), "the heap tuner to reach " + reach, () -> new IOException(
        "the RegionServers did not reach " + what + " within " + LIMIT.toMinutes() + " minutes; their logs say why"));
    return last.get();
  }

  /** Each server's fractions now, by its name ("host,port,startcode"), to the nearest thousandth. */
  static Map<String, Fractions> now(Connection connection) throws IOException {
    Map<String, Fractions> fractions = new LinkedHashMap<>();
    for (RegionServerState server : new ServerStatsReader(connection).workload().servers()) {
      fractions.put(server.server(), new Fractions(thousandths(fraction(server.memstoreLimitBytes(), server)),
          thousandths(fraction(server.blockCacheMaxBytes(), server))));
    }
    return fractions;
  }

  private static double thousandths(double fraction) {
    return Math.round(fraction * 1000) / 1000.0;
  }

  /** A server's memstore and block-cache fractions of its heap. */
  record Fractions(double memstore, double blockCache) {
    @Override
    public String toString() {
      return "memstore " + memstore + ", block cache " + blockCache;
    }
  }

  private static boolean inForce(RegionServerState server, Fractions targets) {
    return inForce(List.of(server), Optional.of(targets.memstore()), Optional.of(targets.blockCache()));
  }

  /**
   * Whether the servers' fractions stopped moving: unchanged over {@link #STALLED}, three periods of the tuner as
   * the process cluster runs it (10 s).
   */
  static final class Stall {
    private List<List<Long>> last = List.of();
    private long changedAt;

    Stall(long startNanos) {
      this.changedAt = startNanos;
    }

    boolean stalled(List<RegionServerState> servers, long nowNanos) {
      List<List<Long>> sizes = servers.stream()
          .map(server -> List.of(server.memstoreLimitBytes(), server.blockCacheMaxBytes())).toList();
      if (!sizes.equals(last)) {
        last = sizes;
        changedAt = nowNanos;
      }
      return nowNanos - changedAt >= STALLED.toNanos();
    }
  }

  /** Whether every server's memstore limit and block cache capacity are the given fractions of its heap. */
  static boolean inForce(List<RegionServerState> servers, Optional<Double> memstore, Optional<Double> blockCache) {
    return servers.stream().allMatch(server -> server.heapMaxBytes() > 0
        && hold(fraction(server.memstoreLimitBytes(), server), fraction(server.blockCacheMaxBytes(), server),
            memstore, blockCache));
  }

  /** Whether the fractions a server runs with are the targets, where a target is given. */
  static boolean hold(double memstoreFraction, double blockCacheFraction, Optional<Double> memstore,
      Optional<Double> blockCache) {
    return memstore.map(target -> Math.abs(memstoreFraction - target) <= TOLERANCE).orElse(true)
        && blockCache.map(target -> Math.abs(blockCacheFraction - target) <= TOLERANCE).orElse(true);
  }

  /**
   * The fraction an apply asked of the servers for {@code setting}, from its audit entries; empty where it left the
   * servers' as it was (a policy's fractions that the servers run already, {@code Policy#evaluate}).
   */
  static Optional<Double> target(List<AuditLog.Entry> applied, PolicySetting setting) {
    return applied.stream().filter(entry -> AuditLog.Target.SERVERS.equals(entry.target())
        && setting.key().equals(entry.key())).map(entry -> Double.parseDouble(entry.newValue()))
        .reduce((first, last) -> last);
  }

  private static double fraction(long bytes, RegionServerState server) {
    return (double) bytes / server.heapMaxBytes();
  }

}
