package org.hbaseturbo.cluster;

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
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The link's plumbing: a process in the namespace reaches the host side's address, and the traffic shows in
 * the counters of the client's interface inside the namespace. (Its speed is a benchmark matter.) Needs root
 * and iproute2, as CI has; where they are missing, or the machine does not allow network namespaces, that test
 * is skipped with a message saying so.
 */
class TestNetworkLink {
  private static final int PAYLOAD = 1 << 20;

  @Test
  void aProcessInTheNamespaceReachesTheHostSideThroughTheLink() throws Exception {
    TestingHost.assumeRoot("to create network namespaces and veth pairs");
    TestingHost.assumeCommands("iproute2", "ip", "tc");
    try (NetworkLink link = createOrSkip(NetworkLink.Speed.ONE_GBIT);
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

  /** A container may deny network namespaces even to root: NetworkLink refuses then, and the test is skipped. */
  private static NetworkLink createOrSkip(NetworkLink.Speed speed) throws Exception {
    try {
      return NetworkLink.create(speed);
    } catch (InvalidInputException e) {
      Assumptions.abort(e.getMessage());
      throw e;
    }
  }

  private static long transmitted(NetworkLink link) throws Exception {
    return Long.parseLong(inNamespace(link, "cat /sys/class/net/" + link.device()
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
    assertThat(NetworkLink.Speed.ONE_GBIT.bitsPerSecond()).isEqualTo(1_000_000_000L);
    assertThat(NetworkLink.Speed.of("loopback").isLoopback()).isTrue();
    assertThat(NetworkLink.Speed.of("100mbit").bitsPerSecond()).isEqualTo(100_000_000L);
    assertThat(NetworkLink.Speed.of("2gbit").bitsPerSecond()).isEqualTo(2_000_000_000L);
    assertThat(NetworkLink.Speed.of("1500kbit").bitsPerSecond()).isEqualTo(1_500_000L);
    assertThat(NetworkLink.Speed.ONE_GBIT.delayMicros()).isZero();
    assertThat(NetworkLink.Speed.of("1gbit:200us")).isEqualTo(new NetworkLink.Speed("1gbit:200us", 1_000_000_000L,
        200));
    assertThat(NetworkLink.Speed.of("10GBIT:2ms").delayMicros()).isEqualTo(2_000);
    assertThat(NetworkLink.Speed.of("10gbit:2ms").rate()).isEqualTo("10gbit");
    assertThat(NetworkLink.Speed.of("100mbit").rate()).isEqualTo("100mbit");
    assertThatThrownBy(() -> NetworkLink.Speed.of("fast")).isInstanceOf(InvalidInputException.class)
        .hasMessage("unknown link 'fast': expected loopback, or a rate such as 100mbit, 1gbit or 10gbit (a whole"
            + " number followed by kbit, mbit or gbit), optionally with a one-way delay after a colon, such as"
            + " 1gbit:200us or 10gbit:2ms");
    assertThatThrownBy(() -> NetworkLink.Speed.of("1gbit:")).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> NetworkLink.Speed.of("1gbit:0us")).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> NetworkLink.Speed.of("1gbit:5s")).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> NetworkLink.Speed.of("loopback:200us")).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> NetworkLink.Speed.of("1gbit:101ms")).isInstanceOf(InvalidInputException.class)
        .hasMessage("link delay in '1gbit:101ms' is out of range: expected 1us to 100ms");
    assertThatThrownBy(() -> NetworkLink.Speed.of("0mbit")).isInstanceOf(InvalidInputException.class);
    assertThatThrownBy(() -> NetworkLink.Speed.of("500kbit")).isInstanceOf(InvalidInputException.class)
        .hasMessage("link rate '500kbit' is out of range: expected 1mbit to 100gbit");
    assertThatThrownBy(() -> NetworkLink.Speed.of("200gbit")).isInstanceOf(InvalidInputException.class);
  }
}
