package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;

/** Where {@link ServerJvm#freePort()} looks for ports, and the last ones it gave out. */
final class FreePorts {
  /** Ports below this are left to well-known services. */
  static final int LOWEST = 10_000;
  static final int ATTEMPTS = 200;
  /** The kernel's default lower bound of ephemeral ports, where its setting cannot be read. */
  private static final int EPHEMERAL_LOW = 32_768;
  private static final Path RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
  /** Enough for the servers of several clusters starting at once; older ports are bound or given up by then. */
  private static final int REMEMBERED = 64;
  private static final Deque<Integer> GIVEN = new ArrayDeque<>();

  private FreePorts() {
  }

  /** The lowest port the kernel gives out by itself, if above {@link #LOWEST}; else {@link #EPHEMERAL_LOW}. */
  static int ephemeralLow() {
    try {
      int low = Integer.parseInt(Files.readString(RANGE).strip().split("\\s+")[0]);
      return low > LOWEST + ATTEMPTS ? low : EPHEMERAL_LOW;
    } catch (IOException | RuntimeException unreadable) {
      return EPHEMERAL_LOW;
    }
  }

  static synchronized boolean given(int port) {
    return GIVEN.contains(port);
  }

  static synchronized void give(int port) {
    GIVEN.addLast(port);
    if (GIVEN.size() > REMEMBERED) {
      GIVEN.removeFirst();
    }
  }
}
