package org.hbaseturbo.bench.link;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.Test;

/**
 * The link's plumbing: a process in the namespace reaches the host side's address, and the traffic shows in
 * the counters of the client's interface inside the namespace. (Its speed is a benchmark matter.) Needs root,
 * as CI has; on a machine without network namespaces the link refuses with a clear message instead.
 */
class TestNetworkLink {
  private static final int PAYLOAD = 1 << 20;

  @Test
  void aProcessInTheNamespaceReachesTheHostSideThroughTheLink() throws Exception {
    try (NetworkLink link = NetworkLink.create(NetworkLink.Speed.ONE_GBIT);
        ServerSocket server = new ServerSocket(0, 1, InetAddress.getByName(NetworkLink.HOST_ADDRESS))) {
      CompletableFuture<Long> received = CompletableFuture.supplyAsync(() -> {
        try (Socket socket = server.accept(); InputStream in = socket.getInputStream()) {
          return in.transferTo(java.io.OutputStream.nullOutputStream());
        } catch (Exception e) {
          throw new IllegalStateException(e);
        }
      });
      long before = transmitted(link);
      String send = "head -c " + PAYLOAD + " /dev/zero > /dev/tcp/" + NetworkLink.HOST_ADDRESS + "/"
          + server.getLocalPort();
      assertThat(inNamespace(link, send)).isEmpty();
      assertThat(received.get(60, TimeUnit.SECONDS)).isEqualTo(PAYLOAD);
      // Read once the host side has everything: until then part of it may wait in the shaper's queue.
      assertThat(transmitted(link) - before).isGreaterThanOrEqualTo(PAYLOAD);
    }
  }

  private static long transmitted(NetworkLink link) throws Exception {
    return Long.parseLong(inNamespace(link, "cat /sys/class/net/" + link.clientInterface()
        + "/statistics/tx_bytes").strip());
  }

  private static String inNamespace(NetworkLink link, String script) throws Exception {
    Process process = new ProcessBuilder(link.wrap(List.of("bash", "-c", script))).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    return output;
  }

  @Test
  void speedsAreNamedAsOnTheCommandLine() {
    assertThat(NetworkLink.Speed.of("1GBIT")).isEqualTo(NetworkLink.Speed.ONE_GBIT);
    assertThat(NetworkLink.Speed.of("loopback")).isEqualTo(NetworkLink.Speed.LOOPBACK);
    assertThatThrownBy(() -> NetworkLink.Speed.of("100mbit")).isInstanceOf(InvalidInputException.class)
        .hasMessage("unknown link '100mbit': expected loopback, 1gbit or 10gbit");
  }
}
