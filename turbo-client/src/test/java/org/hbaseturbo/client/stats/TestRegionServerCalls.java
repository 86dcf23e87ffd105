package org.hbaseturbo.client.stats;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ServiceException;
import java.io.IOException;
import java.lang.reflect.Proxy;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.exceptions.TimeoutIOException;
import org.junit.jupiter.api.Test;

/** What a caller reads when a RegionServer endpoint does not answer. */
class TestRegionServerCalls {
  /** An Admin whose every call returns null: the call below never uses the channel it hands over. */
  private static final Admin ADMIN = (Admin) Proxy.newProxyInstance(Admin.class.getClassLoader(),
      new Class<?>[] {Admin.class}, (proxy, method, args) -> null);

  @Test
  void anUnansweredCallNamesItsDeepestCauseBesideHBasesOuterMessage() {
    ServerName server = ServerName.valueOf("rs-1", 16020, 1L);
    assertThatThrownBy(() -> RegionServerCalls.call(ADMIN, server, "ServerStatsEndpoint", (channel, controller) -> {
      throw new ServiceException("Error calling method hbaseturbo.ServerStatsService.getStats",
          new IOException("call failed", new TimeoutIOException("timed out after 60000 ms")));
    })).isInstanceOf(IOException.class).hasMessage("RegionServer " + server + " does not answer ServerStatsEndpoint (is"
        + " the turbo-server jar deployed there and ServerStatsEndpoint listed in"
        + " hbase.coprocessor.regionserver.classes?): Error calling method hbaseturbo.ServerStatsService.getStats"
        + " (TimeoutIOException: timed out after 60000 ms)");
  }
}
