package org.hbaseturbo.client.fastpath;

/**
 * What {@link FastPathCheck} found on one RegionServer.
 *
 * @param state whether the server answered over the fast path
 * @param detail why it is not up, or how it answered when not with a result; empty when it served the Gets
 * @param serverRuntime the UCX runtime the server loaded (jucx, libucp); empty when no session was opened
 * @param transport what UCX chose for this client's endpoint to the server, as UCX logged it; empty when not known
 * @param endpoint whether a UCX endpoint to the server was made (in a UCX worker of its own), and so logged
 * @param roundTrips Gets timed over the fast path
 * @param p50Micros their median round trip in microseconds; null when none was timed
 */
public record ServerCheck(String server, State state, String detail, String serverRuntime, String transport,
    boolean endpoint, int roundTrips, Double p50Micros) {
  /** Whether a server's fast path answers. */
  public enum State {
    UP,
    DOWN,
    /** Nothing to check it through: sessions open through a region's endpoint, and the server holds none. */
    UNCHECKED
  }

  static ServerCheck notUp(String server, State state, String detail, String serverRuntime) {
    return new ServerCheck(server, state, detail, serverRuntime, "", false, 0, null);
  }

  /** This check with what UCX chose for its endpoint. */
  public ServerCheck withTransport(String chosen) {
    return new ServerCheck(server, state, detail, serverRuntime, chosen, endpoint, roundTrips, p50Micros);
  }
}
