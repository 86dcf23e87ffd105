package org.hbaseturbo.tune;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.hbaseturbo.client.stats.RegionServerState;
import org.hbaseturbo.client.stats.ServerStatsReader;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicyEnvironment;
import org.hbaseturbo.tune.policy.PolicySetting;
import org.hbaseturbo.tune.policy.Route;

/**
 * Evaluates a policy for a running cluster (its hosts' RAM, RegionServers per host, the table's size and regions)
 * and compares it with what the cluster runs: the servers' settings in force, read from each RegionServer's live
 * configuration, and the table's and its families' descriptors.
 */
public final class Recommender {
  /** The setting name of a RegionServer heap change. */
  public static final String HEAP = "RegionServer heap";
  /** How a value the servers (or a table's families) hold differently begins: "mixed: 0.3, 0.5". */
  public static final String MIXED = "mixed: ";
  /** The setting name of a pre-split recommendation. */
  public static final String PRESPLIT = "pre-split";

  private final Connection connection;
  private final ServerStatsReader reader;

  public Recommender(Connection connection) {
    this.connection = connection;
    this.reader = new ServerStatsReader(connection);
  }

  /** @param table the table whose table and family settings to compare too; empty for the servers' alone */
  public Recommendation recommend(Policy policy, Optional<TableName> table) throws IOException {
    List<RegionServerState> servers = liveServers();
    try (Admin admin = connection.getAdmin()) {
      PolicyEnvironment environment = environment(admin, servers, table);
      Policy.Evaluated evaluated = policy.evaluate(environment, fractionsInForce(servers));
      Optional<TableDescriptor> descriptor = table.isPresent() ? Optional.of(admin.getDescriptor(table.get()))
          : Optional.empty();
      return diff(evaluated, environment, servers, descriptor);
    }
  }

  /**
   * The cluster as policies see it: its hosts' memory, its live RegionServers, and the stored bytes and regions of
   * {@code table} (of all user tables when empty).
   */
  public PolicyEnvironment environment(Optional<TableName> table) throws IOException {
    List<RegionServerState> servers = liveServers();
    try (Admin admin = connection.getAdmin()) {
      return environment(admin, servers, table);
    }
  }

  private List<RegionServerState> liveServers() throws IOException {
    List<RegionServerState> servers = reader.workload().servers();
    if (servers.isEmpty()) {
      throw new IOException("the cluster has no live RegionServer");
    }
    return servers;
  }

  private static PolicyEnvironment environment(Admin admin, List<RegionServerState> servers,
      Optional<TableName> table) throws IOException {
    List<RegionMetrics> regions = TableRegions.of(admin).entrySet().stream()
        .filter(entry -> !entry.getKey().isSystemTable() && (table.isEmpty() || table.get().equals(entry.getKey())))
        .flatMap(entry -> entry.getValue().stream()).toList();
    return new PolicyEnvironment(servers.get(0).hostMemoryBytes() / (double) (1L << 30), servers.size(),
        serversPerHost(servers),
        regions.stream().mapToDouble(region -> region.getStoreFileSize().get(Size.Unit.BYTE)).sum(), regions.size());
  }

  private Recommendation diff(Policy.Evaluated evaluated, PolicyEnvironment environment,
      List<RegionServerState> servers, Optional<TableDescriptor> table) throws IOException {
    List<String> keys = new ArrayList<>(Arrays.stream(PolicySetting.values()).filter(s -> s.route() != Route.FAMILY)
        .map(PolicySetting::key).toList());
    keys.add(HeapTuner.TUNER_CLASS_KEY);
    Map<ServerName, Map<String, String>> inForce = reader.settings(keys);
    boolean tunerDeployed = inForce.values().stream()
        .allMatch(values -> HeapTuner.CLASS_NAME.equals(values.get(HeapTuner.TUNER_CLASS_KEY)));
    List<Recommendation.Change> changes = new ArrayList<>();
    List<Recommendation.Change> unchanged = new ArrayList<>();
    List<String> notes = new ArrayList<>(evaluated.notes());
    // A JVM reports a little less than its -Xmx as its maximum heap: within 2%, it is the same heap.
    boolean sameHeap = servers.stream().allMatch(server ->
        Math.abs(server.heapMaxBytes() - evaluated.heapBytes()) <= evaluated.heapBytes() / 50);
    add(changes, unchanged, new Recommendation.Change(HEAP, sameOrMixed(servers.stream()
        .map(server -> heapSize(server.heapMaxBytes())).toList()), heapSize(evaluated.heapBytes()),
        Route.RESTART), sameHeap);
    evaluated.values().forEach((setting, value) -> {
      boolean tableScoped = setting.route().ofTable();
      if (tableScoped && table.isEmpty()) {
        notes.add(setting.key() + " is a table or family setting: give --table to compare it");
        return;
      }
      String current = setting.route() == Route.HEAP_TUNER ? fractionInForce(setting, servers)
          : table.flatMap(descriptor -> tableValue(descriptor, setting)).orElseGet(() ->
              sameOrMixed(inForce.values().stream().map(values -> values.getOrDefault(setting.key(),
                  setting.hbaseDefault())).toList()));
      Route route = setting.route() == Route.HEAP_TUNER && !tunerDeployed ? Route.RESTART : setting.route();
      add(changes, unchanged, new Recommendation.Change(setting.key(), current, value, route));
    });
    pairHeapFractions(changes, unchanged);
    if (!tunerDeployed && evaluated.values().keySet().stream().anyMatch(s -> s.route() == Route.HEAP_TUNER)) {
      notes.add("the heap fractions need a restart here: deploy the server jar's heap tuner to move them online"
          + " (README, Deploying the server jar)");
    }
    if (evaluated.presplitRegions() > 0) {
      if (table.isEmpty()) {
        notes.add("the policy pre-splits an empty table into " + evaluated.presplitRegions() + " regions: give"
            + " --table to compare");
      } else {
        add(changes, unchanged, new Recommendation.Change(PRESPLIT, environment.regions() + " regions",
            "at least " + evaluated.presplitRegions() + " regions", Route.PRESPLIT),
            environment.regions() >= evaluated.presplitRegions());
      }
    }
    return new Recommendation(evaluated.policy().workloadClass(), evaluated.policy().source(),
        table.map(descriptor -> descriptor.getTableName().getNameAsString()).orElse(""), environment, changes,
        unchanged, notes, evaluated.presplitRegions());
  }

  /**
   * Makes both heap fractions changes where one is. HBase checks their sum when a RegionServer starts, from the
   * {@code hbase-site.xml} a change writes; a tuner (Turbo's, or HBase's own) moves the fractions in force away
   * from that file's. Written alone, the changed fraction could meet there a value of the other that no longer
   * fits beside it (a block cache of 0.6 that the tuner had shrunk to 0.5, under a memstore raised to 0.3).
   */
  static void pairHeapFractions(List<Recommendation.Change> changes, List<Recommendation.Change> unchanged) {
    if (changes.stream().anyMatch(Recommender::isHeapFraction)) {
      List<Recommendation.Change> partners = unchanged.stream().filter(Recommender::isHeapFraction).toList();
      unchanged.removeAll(partners);
      changes.addAll(partners);
    }
  }

  private static boolean isHeapFraction(Recommendation.Change change) {
    return isHeapFraction(change.setting());
  }

  /** Whether {@code key} names the memstore's or the block cache's fraction of the heap. */
  static boolean isHeapFraction(String key) {
    return PolicySetting.byKey(key).filter(setting -> setting.route() == Route.HEAP_TUNER).isPresent();
  }

  private static void add(List<Recommendation.Change> changes, List<Recommendation.Change> unchanged,
      Recommendation.Change change) {
    add(changes, unchanged, change, sameValue(change.current(), change.recommended()));
  }

  private static void add(List<Recommendation.Change> changes, List<Recommendation.Change> unchanged,
      Recommendation.Change change, boolean same) {
    (same ? unchanged : changes).add(change);
  }

  /** Equal as text, or as numbers ("0.40" and "0.4"). */
  private static boolean sameValue(String current, String recommended) {
    if (current.equals(recommended)) {
      return true;
    }
    try {
      return Double.parseDouble(current.trim()) == Double.parseDouble(recommended);
    } catch (NumberFormatException notNumbers) {
      return false;
    }
  }

  /** What the table's descriptor sets, or empty where the servers' setting applies. */
  static Optional<String> tableValue(TableDescriptor descriptor, PolicySetting setting) {
    return switch (setting) {
      case FLUSH_SIZE -> descriptor.getMemStoreFlushSize() > 0
          ? Optional.of(Long.toString(descriptor.getMemStoreFlushSize())) : Optional.empty();
      case MAX_FILESIZE -> descriptor.getMaxFileSize() > 0
          ? Optional.of(Long.toString(descriptor.getMaxFileSize())) : Optional.empty();
      case SPLIT_POLICY -> Optional.ofNullable(descriptor.getRegionSplitPolicyClassName());
      case BLOCKSIZE -> everyFamily(descriptor, family -> String.valueOf(family.getBlocksize()));
      case DATA_BLOCK_ENCODING -> everyFamily(descriptor, family -> family.getDataBlockEncoding().name());
      case COMPRESSION -> everyFamily(descriptor, family -> family.getCompressionType().name());
      default -> Optional.ofNullable(descriptor.getValue(setting.key()));
    };
  }

  /** A family attribute as the table has it: every family's, or "mixed: ..." where they differ. */
  private static Optional<String> everyFamily(TableDescriptor descriptor,
      Function<ColumnFamilyDescriptor, String> attribute) {
    return Optional.of(sameOrMixed(Arrays.stream(descriptor.getColumnFamilies()).map(attribute).toList()));
  }

  /**
   * A heap fraction as the servers run it, which the heap tuner may have moved since they started: the memstore
   * limit or block cache capacity over the heap, in whole percents as HBase sizes them.
   */
  private static String fractionInForce(PolicySetting setting, List<RegionServerState> servers) {
    return sameOrMixed(servers.stream().map(server -> java.math.BigDecimal.valueOf(fraction(setting, server))
        .stripTrailingZeros().toPlainString()).toList());
  }

  /** The heap fractions every server runs alike, as {@link #fractionInForce} gives them; a mixed one left out. */
  private static Map<PolicySetting, Double> fractionsInForce(List<RegionServerState> servers) {
    Map<PolicySetting, Double> fractions = new HashMap<>();
    for (PolicySetting setting : PolicySetting.HEAP_FRACTIONS) {
      Set<Double> distinct = servers.stream().map(server -> fraction(setting, server)).collect(Collectors.toSet());
      if (distinct.size() == 1) {
        fractions.put(setting, distinct.iterator().next());
      }
    }
    return fractions;
  }

  /** One server's memstore limit or block cache capacity over its heap, in whole percents as HBase sizes them. */
  private static double fraction(PolicySetting setting, RegionServerState server) {
    long bytes = setting == PolicySetting.MEMSTORE ? server.memstoreLimitBytes() : server.blockCacheMaxBytes();
    return Math.round(100.0 * bytes / server.heapMaxBytes()) / 100.0;
  }

  /** As -Xmx and --rs-heap take it. */
  private static String heapSize(long bytes) {
    return (bytes >> 20) + "m";
  }

  /**
   * The most RegionServers that share one host's memory: those with memory of their own (a memory group or
   * container) share it with none.
   */
  private static int serversPerHost(List<RegionServerState> servers) {
    Map<String, Integer> perHost = new HashMap<>();
    for (RegionServerState server : servers) {
      if (server.memoryOfItsOwn()) {
        continue;
      }
      perHost.merge(ServerName.valueOf(server.server()).getHostname(), 1, Integer::sum);
    }
    return perHost.values().stream().mapToInt(Integer::intValue).max().orElse(1);
  }

  private static String sameOrMixed(List<String> values) {
    TreeSet<String> distinct = new TreeSet<>(values);
    return distinct.size() == 1 ? distinct.first() : MIXED + String.join(", ", distinct);
  }
}
