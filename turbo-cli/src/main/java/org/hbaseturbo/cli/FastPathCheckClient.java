package org.hbaseturbo.cli;

import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.client.ClientConfigurations;
import org.hbaseturbo.client.ClusterConnections;
import org.hbaseturbo.client.fastpath.FastPathCheck;
import org.hbaseturbo.client.fastpath.ServerCheck;
import org.hbaseturbo.client.fastpath.UcxLog;
import org.hbaseturbo.report.JsonFiles;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;

/**
 * The client JVM of {@code turbo fastpath check}, started with UCX logging to a file ({@link UcxLog#environment}),
 * which UCX reads only when it loads: it checks every RegionServer and writes the report as JSON. The transports
 * UCX chose are in its log once this JVM has ended.
 *
 * <p>Arguments: the client configuration directory, the Gets to time per server, the JSON file.
 */
public final class FastPathCheckClient {
  private FastPathCheckClient() {
  }

  public static void main(String[] args) throws Exception {
    Path conf = Path.of(args[0]);
    int roundTrips = Integer.parseInt(args[1]);
    Path json = Path.of(args[2]);
    try (Connection connection = ClusterConnections.open(ClientConfigurations.fromDirectory(conf), conf.toString())) {
      FastPathCheck check = new FastPathCheck(connection, roundTrips);
      List<ServerCheck> servers = check.run();
      // After the run: what this process loaded is known once UCX is loaded.
      JsonFiles.write(json, new FastPathCheckReport(UcxRuntime.describe(), check.transports(), servers));
    } catch (FastPathUnavailableException e) {
      System.err.println("turbo: this host's UCX: " + e.getMessage());
      System.exit(TurboMain.EXIT_FAILURE);
    }
  }
}
