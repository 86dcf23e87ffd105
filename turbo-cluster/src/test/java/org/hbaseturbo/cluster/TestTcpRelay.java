package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The relay that lets other hosts reach ZooKeeper on loopback: bytes go both ways unchanged, and a relayed connection
 * ends when its target's does, or when the relay closes. On another loopback address (127.0.0.2), as the bridge's
 * address stands beside loopback's.
 */
class TestTcpRelay {
  private static final String RELAY_ADDRESS = "127.0.0.2";

  @Test
  void relaysBothWaysAndEndsWithItsTarget() throws Exception {
    try (ServerSocket target = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      TcpRelay relay = TcpRelay.start(RELAY_ADDRESS, target.getLocalPort(), "test");
      CompletableFuture<Void> echo = CompletableFuture.runAsync(() -> {
        try (Socket accepted = target.accept(); InputStream in = accepted.getInputStream();
            OutputStream out = accepted.getOutputStream()) {
          byte[] request = new DataInputStream(in).readNBytes(4);
          out.write(new String(request, StandardCharsets.US_ASCII).toUpperCase().getBytes(StandardCharsets.US_ASCII));
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
      try (Socket client = new Socket()) {
        client.connect(new InetSocketAddress(RELAY_ADDRESS, target.getLocalPort()), 5_000);
        client.setSoTimeout(5_000);
        client.getOutputStream().write("ping".getBytes(StandardCharsets.US_ASCII));
        assertThat(new String(client.getInputStream().readNBytes(4), StandardCharsets.US_ASCII)).isEqualTo("PING");
        echo.get(5, TimeUnit.SECONDS);
        // The target closed its side: the relay ends the client's.
        assertThat(client.getInputStream().read()).isEqualTo(-1);
      } finally {
        relay.close();
      }
    }
  }

  @Test
  void closingTheRelayEndsItsConnectionsAndItsPort() throws Exception {
    try (ServerSocket target = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      int port = target.getLocalPort();
      TcpRelay relay = TcpRelay.start(RELAY_ADDRESS, port, "test");
      try (Socket client = new Socket(RELAY_ADDRESS, port); Socket accepted = target.accept()) {
        // Accepted: the relay holds both ends of the connection now.
        assertThat(accepted.isConnected()).isTrue();
        client.setSoTimeout(5_000);
        relay.close();
        assertThat(client.getInputStream().read()).isEqualTo(-1);
      }
      try (Socket refused = new Socket()) {
        assertThat(connects(refused, port)).as("a connection after the relay closed").isFalse();
      }
    }
  }

  private static boolean connects(Socket socket, int port) {
    try {
      socket.connect(new InetSocketAddress(RELAY_ADDRESS, port), 2_000);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
