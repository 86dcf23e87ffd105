package org.hbaseturbo.cli;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.hbaseturbo.client.fastpath.ServerCheck;

/**
 * What {@code turbo fastpath check} found, as its JSON holds it.
 *
 * @param clientRuntime the UCX runtime the checking client loaded (jucx, libucp)
 * @param transports the transports the client let UCX use
 * @param servers one check per RegionServer
 */
record FastPathCheckReport(String clientRuntime, String transports, List<ServerCheck> servers) {
  FastPathCheckReport {
    servers = List.copyOf(servers);
  }

  /**
   * The report with the transports UCX logged for its endpoints, one per server that got one, in the order the
   * servers were checked. A log that does not have one line per endpoint (a UCX that logs otherwise) leaves them
   * unknown rather than risk naming one server's transport for another.
   */
  FastPathCheckReport withTransports(List<String> logged) {
    List<ServerCheck> withEndpoint = servers.stream().filter(ServerCheck::endpoint).toList();
    if (logged.size() != withEndpoint.size()) {
      return this;
    }
    List<ServerCheck> named = new ArrayList<>();
    Iterator<String> next = logged.iterator();
    for (ServerCheck server : servers) {
      named.add(server.endpoint() ? server.withTransport(next.next()) : server);
    }
    return new FastPathCheckReport(clientRuntime, transports, named);
  }

  long count(ServerCheck.State state) {
    return servers.stream().filter(server -> server.state() == state).count();
  }
}
