package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The hosts' plumbing: each host reaches the bridge's address through its link and sees no other host's address, the
 * names and addresses are the launcher's, and what a dead launcher left is removed by the next. Needs root and
 * iproute2, as CI has; the tests are skipped with a message where they are missing.
 */
class TestHostNetwork {
  private static final String PAYLOAD = "through-the-link";

  @Test
  void hostsReachEachOtherAndTheBridgeAndLeaveNothingOnceClosed() throws Exception {
    TestingHost.assumeRoot("to create network namespaces, veth pairs and a bridge");
    TestingHost.assumeCommands("iproute2", "ip", "tc");
    long launcher = ProcessHandle.current().pid();
    String bridge = HostNetwork.freeBridgeAddress(launcher);
    try (HostNetwork network = HostNetwork.create(bridge, 2, NetworkLink.Speed.ONE_GBIT, launcher)) {
      assertThat(network.bridgeAddress()).isEqualTo(bridge).startsWith("10.214.");
      HostNetwork.Host first = network.hosts().get(0);
      HostNetwork.Host second = network.hosts().get(1);
      assertThat(first.namespace()).isEqualTo("turbo-h" + launcher + "-0");
      assertThat(first.address()).isNotEqualTo(second.address()).startsWith(bridge.substring(0, bridge.length() - 1));
      HostNetwork.Host client = network.clientHost();
      assertThat(client.namespace()).isEqualTo("turbo-h" + launcher + "-client");
      assertThat(client.address()).isNotIn(first.address(), second.address(), bridge);
      HostNetwork.Host master = network.masterHost();
      assertThat(master.namespace()).isEqualTo("turbo-h" + launcher + "-master");
      assertThat(master.address()).isNotIn(first.address(), second.address(), client.address(), bridge);
      for (HostNetwork.Host host : List.of(first, second, client, master)) {
        assertThat(sendFrom(host, bridge)).as("bytes from " + host.namespace()).isEqualTo(PAYLOAD.length());
      }
      // A connection to a port no one listens on is refused by the host that has the address: it got there.
      assertThat(connectFrom(client, first.address())).contains("Connection refused");
      assertThat(connectFrom(first, master.address())).as("the master's host from a server's")
          .contains("Connection refused");
      assertThat(run(first.wrap(List.of("ip", "-o", "-4", "addr", "show")))).contains(first.address())
          .doesNotContain(second.address());
      // The bridge's address is taken now: the next cluster gets another /24.
      assertThat(HostNetwork.freeBridgeAddress(launcher)).isNotEqualTo(bridge);
    }
    assertThat(run(List.of("ip", "netns", "list"))).doesNotContain("turbo-h" + launcher + "-");
    assertThat(run(List.of("ip", "-o", "link", "show"))).doesNotContain("tbr" + launcher + ":");
  }

  /**
   * A namespace outlives its deletion while a process still runs in it, or a closed TCP connection of it still waits
   * on its peer, and keeps its link's devices: the launcher's next network, which takes the same names, must not meet
   * them (CI at stop 106: "ip link add tbv…m … File exists"). A process is the pin a test holds deterministically.
   */
  @Test
  void aHostWhoseProcessOutlivesTheNetworkLeavesNoDeviceInTheWayOfTheNextNetwork() throws Exception {
    TestingHost.assumeRoot("to create network namespaces, veth pairs and a bridge");
    TestingHost.assumeCommands("iproute2", "ip", "tc");
    long launcher = ProcessHandle.current().pid();
    Process straggler;
    try (HostNetwork network = HostNetwork.create(HostNetwork.freeBridgeAddress(launcher), 1,
        NetworkLink.Speed.ONE_GBIT, launcher)) {
      straggler = new ProcessBuilder(network.masterHost().wrap(List.of("sleep", "120"))).start();
    }
    try {
      assertThat(straggler.isAlive()).as("the process in the master's host").isTrue();
      assertThat(run(List.of("ip", "-o", "link", "show"))).doesNotContain("tbv" + launcher);
      try (HostNetwork next = HostNetwork.create(HostNetwork.freeBridgeAddress(launcher), 1,
          NetworkLink.Speed.ONE_GBIT, launcher)) {
        assertThat(sendFrom(next.masterHost(), next.bridgeAddress())).isEqualTo(PAYLOAD.length());
      }
    } finally {
      straggler.destroyForcibly().waitFor(60, TimeUnit.SECONDS);
    }
  }

  @Test
  void theClientHostCutOffFromOneHostReachesTheOthersAndReachesItAgainOnceReconnected() throws Exception {
    TestingHost.assumeRoot("to create network namespaces, veth pairs and a bridge");
    TestingHost.assumeCommands("iproute2 and iptables", "ip", "iptables");
    long launcher = ProcessHandle.current().pid();
    try (HostNetwork network = HostNetwork.create(HostNetwork.freeBridgeAddress(launcher), 2,
        NetworkLink.Speed.ONE_GBIT, launcher)) {
      HostNetwork.Host client = network.clientHost();
      String cut = network.hosts().get(0).address();
      String other = network.hosts().get(1).address();
      network.cutClientFrom(0);

      // Refused: the connection reached the host, which has no listener there. Silent: it never got there.
      assertThat(connectFrom(client, cut)).doesNotContain("Connection refused");
      assertThat(connectFrom(client, other)).contains("Connection refused");
      assertThat(connectFrom(network.hosts().get(1), cut)).as("the other hosts still reach it")
          .contains("Connection refused");
      assertThat(sendFrom(client, network.bridgeAddress())).as("the launcher").isEqualTo(PAYLOAD.length());
      assertThat(connectFrom(client, network.masterHost().address())).as("the master's host")
          .contains("Connection refused");

      network.reconnectClient(0);
      assertThat(connectFrom(client, cut)).contains("Connection refused");
      assertThat(run(client.wrap(List.of("iptables", "-w", "-S")))).doesNotContain("turbo-client-cut");
    }
  }

  @Test
  void whatALauncherThatIsGoneLeftIsRemovedAndALiveOnesIsNot() throws Exception {
    TestingHost.assumeRoot("to create network namespaces and bridges");
    TestingHost.assumeCommands("iproute2", "ip");
    long dead = TestingHost.deadPid();
    long alive = ProcessHandle.current().pid();
    run(List.of("ip", "netns", "add", "turbo-h" + dead + "-0"));
    run(List.of("ip", "netns", "add", "turbo-h" + dead + "-client"));
    run(List.of("ip", "netns", "add", "turbo-h" + dead + "-master"));
    run(List.of("ip", "link", "add", "tbr" + dead, "type", "bridge"));
    // A link whose namespace outlived its launcher's stop (something still held it) stays on this machine's namespace.
    run(List.of("ip", "link", "add", "tbv" + dead + "m", "type", "veth", "peer", "name", "tbn" + dead + "m"));
    run(List.of("ip", "netns", "add", "turbo-h" + alive + "-7"));
    try {
      HostNetwork.removeStale();

      assertThat(run(List.of("ip", "netns", "list"))).doesNotContain("turbo-h" + dead + "-0")
          .doesNotContain("turbo-h" + dead + "-client").doesNotContain("turbo-h" + dead + "-master")
          .contains("turbo-h" + alive + "-7");
      assertThat(run(List.of("ip", "-o", "link", "show"))).doesNotContain("tbr" + dead + ":")
          .doesNotContain("tbv" + dead + "m").doesNotContain("tbn" + dead + "m");
    } finally {
      run(List.of("ip", "netns", "delete", "turbo-h" + alive + "-7"));
    }
  }

  /** What the bridge's address receives of {@link #PAYLOAD}, sent from {@code host} through its link. */
  private static long sendFrom(HostNetwork.Host host, String bridge) throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getByName(bridge))) {
      CompletableFuture<Long> received = CompletableFuture.supplyAsync(() -> {
        try (Socket socket = server.accept(); InputStream in = socket.getInputStream()) {
          return in.transferTo(OutputStream.nullOutputStream());
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
      run(host.wrap(List.of("bash", "-c", "printf " + PAYLOAD + " > /dev/tcp/" + bridge + "/"
          + server.getLocalPort())));
      return received.get(60, TimeUnit.SECONDS);
    }
  }

  /** What a TCP connection from {@code host} to port 1 of {@code address} met within 3 s, as bash tells it. */
  private static String connectFrom(HostNetwork.Host host, String address) throws Exception {
    return attempt(host.wrap(List.of("timeout", "3", "bash", "-c", "exec 3<>/dev/tcp/" + address + "/1")));
  }

  /** What {@code command} printed; it must succeed. */
  private static String run(List<String> command) throws Exception {
    Finished finished = finish(command);
    assertThat(finished.exit()).as(command + ": " + finished.output()).isZero();
    return finished.output();
  }

  /** What {@code command} printed, whether it succeeded or not. */
  private static String attempt(List<String> command) throws Exception {
    return finish(command).output();
  }

  private record Finished(int exit, String output) {
  }

  private static Finished finish(List<String> command) throws Exception {
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    return new Finished(process.exitValue(), output);
  }
}
