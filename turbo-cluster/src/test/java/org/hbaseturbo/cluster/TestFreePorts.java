package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestFreePorts {
  @Test
  void serversGetDistinctBindablePortsBelowTheKernelsOwnRange() throws IOException {
    int ceiling = FreePorts.ephemeralLow();
    assertThat(ceiling).isGreaterThan(FreePorts.LOWEST);
    Set<Integer> ports = new HashSet<>();
    for (int i = 0; i < 40; i++) {
      int port = FreePorts.take();
      assertThat(port).isBetween(FreePorts.LOWEST, ceiling - 1);
      assertThat(ports.add(port)).as("port %d given twice", port).isTrue();
    }
    int port = FreePorts.take();
    try (ServerSocket server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      assertThat(server.getLocalPort()).isEqualTo(port);
    }
  }
}
