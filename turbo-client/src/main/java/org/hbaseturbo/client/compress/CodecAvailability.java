package org.hbaseturbo.client.compress;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.client.stats.RegionServerCalls;
import org.hbaseturbo.protocol.generated.CompressionCheckProtos.CompressionCheckRequest;
import org.hbaseturbo.protocol.generated.CompressionCheckProtos.CompressionCheckResponse;
import org.hbaseturbo.protocol.generated.CompressionCheckProtos.CompressionCheckService;

/** Which compression algorithms work on each RegionServer, as each checks for itself. */
public final class CodecAvailability {
  private static final String ENDPOINT = "CompressionCheckEndpoint";

  private CodecAvailability() {
  }

  /**
   * One answer per live RegionServer, in server order.
   *
   * @throws IOException when a RegionServer does not run the endpoint (the server jar is not deployed there)
   */
  public static List<CompressionCheckResponse> check(Connection connection) throws IOException {
    List<CompressionCheckResponse> answers = new ArrayList<>();
    try (Admin admin = connection.getAdmin()) {
      for (ServerName server : admin.getRegionServers().stream().sorted().toList()) {
        answers.add(RegionServerCalls.call(admin, server, ENDPOINT, (channel, controller) ->
            CompressionCheckService.newBlockingStub(channel).check(controller,
                CompressionCheckRequest.getDefaultInstance())));
      }
    }
    return answers;
  }
}
