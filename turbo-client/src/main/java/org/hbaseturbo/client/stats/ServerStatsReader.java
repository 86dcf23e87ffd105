package org.hbaseturbo.client.stats;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.protocol.generated.ServerStatsProtos.ServerStatsRequest;
import org.hbaseturbo.protocol.generated.ServerStatsProtos.ServerStatsResponse;
import org.hbaseturbo.protocol.generated.ServerStatsProtos.ServerStatsService;
import org.hbaseturbo.protocol.generated.ServerStatsProtos.Setting;
import org.hbaseturbo.protocol.generated.ServerStatsProtos.TableOperations;

/**
 * Reads CPU time, memory, RPC byte counters, settings in force, state and each table's operations from every
 * RegionServer through the {@code ServerStatsEndpoint} RegionServer coprocessor of the server jar. Under
 * AccessController, only global ADMIN may call it, as any RegionServer endpoint.
 */
public final class ServerStatsReader {
  private static final String ENDPOINT = "ServerStatsEndpoint";
  private final Connection connection;

  public ServerStatsReader(Connection connection) {
    this.connection = connection;
  }

  /**
   * One reading of all live RegionServers, or empty with the reason when some RegionServer does not run the
   * endpoint (the server jar is not deployed there) or refuses the caller, since a partial sum would under-report.
   */
  public Reading read() throws IOException {
    Map<ServerName, ServerStatsResponse> responses;
    try {
      responses = call(ServerStatsRequest.getDefaultInstance());
    } catch (IOException e) {
      return new Reading(Optional.empty(), e.getMessage());
    }
    Map<String, List<ServerStatsResponse>> byProcess = new LinkedHashMap<>();
    for (ServerStatsResponse response : responses.values()) {
      byProcess.computeIfAbsent(response.getProcessId(), id -> new ArrayList<>()).add(response);
    }
    long cpu = 0;
    long received = 0;
    long sent = 0;
    // Each RegionServer's own, unlike the RPC counters its JVM shares.
    long fastPath = responses.values().stream().mapToLong(ServerStatsResponse::getFastPathBytes).sum();
    List<ProcessUsage> usage = new ArrayList<>();
    for (List<ServerStatsResponse> servers : byProcess.values()) {
      // The JVM's counters, as any of its RegionServers reports them.
      ServerStatsResponse process = servers.get(0);
      cpu += process.getProcessCpuNanos();
      received += process.getRpcReceivedBytes();
      sent += process.getRpcSentBytes();
      usage.add(new ProcessUsage(process.getProcessId(),
          servers.stream().map(ServerStatsResponse::getServerName).sorted().toList(), process.getProcessCpuNanos(),
          process.hasResidentBytes() ? process.getResidentBytes() : null, process.getHeapUsedBytes(),
          process.getHeapMaxBytes(), process.hasJitCompileMillis() ? process.getJitCompileMillis() : null));
    }
    return new Reading(Optional.of(new ServerCounters(cpu, received, sent, fastPath, usage)), "");
  }

  /**
   * Each table's operation counts and each RegionServer's state.
   *
   * @throws IOException when a RegionServer does not run the endpoint or refuses the caller
   */
  public WorkloadReading workload() throws IOException {
    Map<ServerName, ServerStatsResponse> responses = call(ServerStatsRequest.getDefaultInstance());
    long now = System.nanoTime();
    // Each RegionServer's own counts; a server jar that counts per JVM reports the same for the RegionServers that
    // share one, which count once.
    Map<String, ServerStatsResponse> counted = new LinkedHashMap<>();
    List<RegionServerState> servers = new ArrayList<>();
    responses.forEach((server, response) -> {
      counted.putIfAbsent(response.getTablesPerServer() ? server.getServerName() : response.getProcessId(), response);
      var state = response.getState();
      servers.add(new RegionServerState(server.getServerName(), response.getHostMemoryBytes(),
          response.getMemoryOfItsOwn(),
          response.getHeapMaxBytes(), state.getRegions(), state.getStoreFiles(),
          state.getMemstoreBytes(), state.getGlobalMemstoreLimitBytes(), state.getBlockCacheBytes(),
          state.getBlockCacheMaxBytes(), state.getBlockCacheHits(), state.getBlockCacheMisses(),
          state.getCompactionQueue(), state.getFlushQueue(), state.getBlockedRequests(), state.getFlushedBytes(),
          state.getCompactedBytes()));
    });
    Map<String, TableOperationCounts> tables = new TreeMap<>();
    for (ServerStatsResponse counter : counted.values()) {
      for (TableOperations table : counter.getTablesList()) {
        tables.merge(table.getTable(), new TableOperationCounts(table.getGets(), table.getScans(),
            table.getScanRows(), table.getPuts(), table.getDeletes(), table.getIncrements(), table.getAppends(),
            table.getBulkLoadedFiles(), OperationLatencies.of(table.getLatencyBucketsList())),
            TableOperationCounts::plus);
      }
    }
    return new WorkloadReading(now, List.copyOf(counted.keySet()), tables, servers);
  }

  /**
   * The values in force of {@code names} on each live RegionServer: what it runs with, which its
   * {@code hbase-site.xml} may no longer say. A setting that is not set has no entry.
   *
   * @throws IOException when a RegionServer does not run the endpoint or refuses the caller
   */
  public Map<ServerName, Map<String, String>> settings(List<String> names) throws IOException {
    Map<ServerName, Map<String, String>> settings = new TreeMap<>();
    call(ServerStatsRequest.newBuilder().addAllSettingNames(names).build()).forEach((server, response) -> {
      Map<String, String> values = new TreeMap<>();
      for (Setting setting : response.getSettingsList()) {
        if (setting.hasValue()) {
          values.put(setting.getName(), setting.getValue());
        }
      }
      settings.put(server, values);
    });
    return settings;
  }

  private Map<ServerName, ServerStatsResponse> call(ServerStatsRequest request) throws IOException {
    Map<ServerName, ServerStatsResponse> responses = new TreeMap<>();
    try (Admin admin = connection.getAdmin()) {
      for (ServerName server : admin.getRegionServers()) {
        responses.put(server, RegionServerCalls.call(admin, server, ENDPOINT, (channel, controller) ->
            ServerStatsService.newBlockingStub(channel).getStats(controller, request)));
      }
    }
    return responses;
  }

  /** Counters, or why there are none. */
  public record Reading(Optional<ServerCounters> counters, String unavailableReason) {
    /** What the servers did between {@code earlier} and this reading; null when {@link #whyNotSince} says why. */
    public ServerCounters since(Reading earlier) {
      return whyNotSince(earlier).isEmpty() ? counters.get().minus(earlier.counters.get()) : null;
    }

    /** Why there is no difference between {@code earlier} and this reading, else empty. */
    public String whyNotSince(Reading earlier) {
      if (earlier.counters.isEmpty() || counters.isEmpty()) {
        return earlier.counters.isEmpty() ? earlier.unavailableReason : unavailableReason;
      }
      if (!counters.get().sameProcesses(earlier.counters.get())) {
        return "the RegionServer processes changed in between (a RegionServer restarted or crashed)";
      }
      return "";
    }
  }
}
