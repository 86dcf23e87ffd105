package org.hbaseturbo.client.stats;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.protocol.generated.ServerStatsProtos.ServerStatsRequest;
import org.hbaseturbo.protocol.generated.ServerStatsProtos.ServerStatsResponse;
import org.hbaseturbo.protocol.generated.ServerStatsProtos.ServerStatsService;

/**
 * Reads CPU time and RPC byte counters from every RegionServer through the {@code ServerStatsEndpoint}
 * RegionServer coprocessor of the server jar.
 */
public final class ServerStatsReader {
  private static final String ENDPOINT = "ServerStatsEndpoint";
  private final Connection connection;

  public ServerStatsReader(Connection connection) {
    this.connection = connection;
  }

  /**
   * One reading of all live RegionServers, or empty with the reason when some RegionServer does not run the
   * endpoint (the server jar is not deployed there), since a partial sum would under-report.
   */
  public Reading read() throws IOException {
    Map<String, ServerStatsResponse> byProcess = new HashMap<>();
    try (Admin admin = connection.getAdmin()) {
      for (ServerName server : admin.getRegionServers()) {
        ServerStatsResponse response;
        try {
          response = RegionServerCalls.call(admin, server, ENDPOINT, (channel, controller) ->
              ServerStatsService.newBlockingStub(channel).getStats(controller, ServerStatsRequest.getDefaultInstance()));
        } catch (IOException e) {
          return new Reading(Optional.empty(), e.getMessage());
        }
        byProcess.put(response.getProcessId(), response);
      }
    }
    long cpu = 0;
    long received = 0;
    long sent = 0;
    for (ServerStatsResponse response : byProcess.values()) {
      cpu += response.getProcessCpuNanos();
      received += response.getRpcReceivedBytes();
      sent += response.getRpcSentBytes();
    }
    return new Reading(Optional.of(new ServerCounters(byProcess.size(), cpu, received, sent)), "");
  }

  /** Counters, or why there are none. */
  public record Reading(Optional<ServerCounters> counters, String unavailableReason) {
    /** What the servers did between {@code earlier} and this reading; null unless both have counters. */
    public ServerCounters since(Reading earlier) {
      return earlier.counters.isPresent() && counters.isPresent() ? counters.get().minus(earlier.counters.get())
          : null;
    }
  }
}
