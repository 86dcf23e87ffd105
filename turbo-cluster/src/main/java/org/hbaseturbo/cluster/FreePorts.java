package org.hbaseturbo.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.ThreadLocalRandom;
import org.hbaseturbo.common.KernelSetting;

/**
 * Ports for the servers of local clusters, free on loopback when given, for a server to bind to once it starts: below
 * the range the kernel gives out for outgoing connections and binds to port 0 ({@code net.ipv4.ip_local_port_range}).
 * A port from that range, bound only seconds later once the server's JVM is up, can meanwhile become the local end of
 * any connection this host opens (the master's to ZooKeeper, a client's), and the server then fails to start; a
 * RegionServer of a CI run exited while starting, likely so. Not one of the last ports this JVM gave out either,
 * which nothing may have bound yet.
 */
final class FreePorts {
  /** Ports below this are left to well-known services. */
  static final int LOWEST = 10_000;
  private static final int ATTEMPTS = 200;
  /** The kernel's default lower bound of ephemeral ports, where its setting cannot be read. */
  private static final int EPHEMERAL_LOW = 32_768;
  /** Enough for the servers of several clusters starting at once; older ports are bound or given up by then. */
  private static final int REMEMBERED = 64;
  private static final Deque<Integer> GIVEN = new ArrayDeque<>();

  private FreePorts() {
  }

  /** A port free now, between {@link #LOWEST} and {@link #ephemeralLow()}, not given out lately. */
  static synchronized int take() throws IOException {
    int ceiling = ephemeralLow();
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      int port = LOWEST + ThreadLocalRandom.current().nextInt(ceiling - LOWEST);
      if (GIVEN.contains(port)) {
        continue;
      }
      try (ServerSocket socket = new ServerSocket()) {
        socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 1);
      } catch (IOException taken) {
        continue;
      }
      GIVEN.addLast(port);
      if (GIVEN.size() > REMEMBERED) {
        GIVEN.removeFirst();
      }
      return port;
    }
    throw new IOException("no free port on loopback between " + LOWEST + " and " + ceiling + " in " + ATTEMPTS
        + " tries");
  }

  /** The lowest port the kernel gives out by itself, if well above {@link #LOWEST}; else {@link #EPHEMERAL_LOW}. */
  static int ephemeralLow() {
    try {
      int low = Integer.parseInt(KernelSetting.read("net/ipv4/ip_local_port_range").split("\\s+")[0]);
      return low > LOWEST + ATTEMPTS ? low : EPHEMERAL_LOW;
    } catch (IOException | RuntimeException unreadable) {
      return EPHEMERAL_LOW;
    }
  }
}
