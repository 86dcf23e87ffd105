package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The delay of an emulated link: a round trip across a delayed link waits at least twice its delay (once each
 * way), packets leave no earlier than due on average, its rules and programs are gone once the link is, and a dead
 * launcher's rules are removed. Needs root, iproute2, iptables and python3, as CI has; the tests are skipped with a
 * message where they are missing.
 */
class TestLinkDelay {
  /** Large beside a round trip on this machine (well under a millisecond), so that only the delay explains it. */
  private static final long DELAY_MILLIS = 20;

  @Test
  void aRoundTripAcrossADelayedLinkWaitsItsDelayEachWayAndNothingIsLeftOnceClosed() throws Exception {
    assumeTools();
    NetworkLink.Speed speed = NetworkLink.Speed.of("1gbit:" + DELAY_MILLIS + "ms");
    NetworkLink link = NetworkLink.create(speed);
    try (link) {
      assertThat(roundTripMillis(link, NetworkLink.HOST_ADDRESS)).isGreaterThanOrEqualTo(2 * DELAY_MILLIS);
      assertThat(delayPrograms()).hasSize(2);
    }
    assertNothingLeft();
    assertThat(link.delaysSaid()).hasSize(2).allSatisfy(said -> assertThat(said)
        .matches("delay of tb[hc][0-9]+: held [1-9][0-9]* packets 20000 us each, let go [0-9]+ us late on"
            + " average, real-time priority, [0-9.]+ s of CPU"));
    assertThat(link.delaysSaid()).allSatisfy(said -> assertThat(LinkDelayReport.of(said)).hasValueSatisfying(report -> {
      assertThat(report.device()).matches("tb[hc][0-9]+");
      assertThat(report.packets()).isPositive();
      assertThat(report.delayUs()).isEqualTo(DELAY_MILLIS * 1000);
      assertThat(report.realTime()).isTrue();
      assertThat(report.cpuUsPerPacket()).isEqualTo(report.cpuSeconds() * 1e6 / report.packets());
    }));
  }

  @Test
  void aDelayThatFailedHasNoReport() {
    assertThat(LinkDelayReport.of("delay of tbh1: (it exited and said nothing)")).isEmpty();
    assertThat(LinkDelayReport.of("")).isEmpty();
  }

  @Test
  void everyHostOfAClusterDelaysWhatItSendsTheLauncherToo() throws Exception {
    assumeTools();
    long launcher = ProcessHandle.current().pid();
    HostNetwork network = HostNetwork.create(HostNetwork.freeBridgeAddress(launcher), 1,
        NetworkLink.Speed.of("1gbit:" + DELAY_MILLIS + "ms"), launcher);
    try (network) {
      // The client host's delay, or the master's host's, one way, the launcher's (through the bridge) the other.
      assertThat(roundTripMillis(network.clientHost(), network.bridgeAddress()))
          .isGreaterThanOrEqualTo(2 * DELAY_MILLIS);
      assertThat(roundTripMillis(network.masterHost(), network.bridgeAddress()))
          .isGreaterThanOrEqualTo(2 * DELAY_MILLIS);
      assertThat(delayPrograms()).as("a server's host, the client host, the master's host, the launcher").hasSize(4);
      assertThat(network.delaysSaid()).as("none before the network closes").isEmpty();
    }
    assertNothingLeft();
    assertThat(network.delaysSaid()).hasSize(4)
        .allSatisfy(said -> assertThat(LinkDelayReport.of(said)).as(said).isPresent());
  }

  @Test
  void aDegradedHostHoldsWhatItSendsUntilItsLinkIsRepaired() throws Exception {
    assumeTools();
    long launcher = ProcessHandle.current().pid();
    try (HostNetwork network = HostNetwork.create(HostNetwork.freeBridgeAddress(launcher), 1,
        NetworkLink.Speed.ONE_GBIT, launcher)) {
      HostNetwork.Host host = network.hosts().get(0);
      network.degradeLink(0, 0, Duration.ofMillis(DELAY_MILLIS));
      assertThat(delayPrograms()).hasSize(1);
      assertThat(roundTripMillis(host, network.bridgeAddress())).isGreaterThanOrEqualTo(DELAY_MILLIS);
      network.repairLink(0);
      assertThat(delayPrograms()).isEmpty();
      assertThat(run(host.wrap(List.of("iptables", "-w", "-t", "mangle", "-S")))).doesNotContain("NFQUEUE");
    }
  }

  @Test
  void aQueueAnotherProgramHoldsIsRefusedWithTheReason() throws Exception {
    assumeTools();
    long launcher = ProcessHandle.current().pid();
    int queue = LinkDelay.ownQueue(launcher, 0);
    // A device no packet goes through: iptables takes any name.
    LinkDelay first = LinkDelay.start(List.of(), "turbo-none", queue, 1, launcher);
    try {
      assertThatThrownBy(() -> LinkDelay.start(List.of(), "turbo-none", queue, 1, launcher))
          .isInstanceOf(IOException.class).hasMessageStartingWith("the delay of turbo-none did not start: link-delay: ")
          .hasMessageContaining("queue " + queue);
    } finally {
      first.close();
    }
    assertNothingLeft();
  }

  @Test
  void theRulesOfALauncherThatIsGoneAreRemovedAndALiveOnesAreNot() throws Exception {
    assumeTools();
    long dead = TestingHost.deadPid();
    long alive = ProcessHandle.current().pid();
    List<String> rule = List.of("-o", "turbo-no-such", "-j", "NFQUEUE", "--queue-num", "3", "--queue-bypass");
    addRule(dead, rule);
    addRule(alive, rule);
    try {
      LinkDelay.removeStale();
      assertThat(mangleOutput()).doesNotContain("turbo-link-delay-" + dead + " ")
          .contains("turbo-link-delay-" + alive + " ");
    } finally {
      IptablesRules.deleteEach(List.of(), "mangle", List.of("OUTPUT"), listed -> listed.contains("turbo-no-such"));
    }
  }

  private static void assumeTools() {
    TestingHost.assumeRoot("to create network namespaces and netfilter queues");
    TestingHost.assumeCommands("iproute2, iptables and python3", "ip", "tc", "iptables", "python3");
  }

  private static void assertNothingLeft() throws Exception {
    assertThat(mangleOutput()).doesNotContain("turbo-link-delay-" + ProcessHandle.current().pid() + " ");
    assertThat(delayPrograms()).isEmpty();
  }

  private static List<ProcessHandle> delayPrograms() {
    return ProcessHandle.current().descendants()
        .filter(process -> process.isAlive() && process.info().commandLine().orElse("").contains("turbo-link-delay"))
        .toList();
  }

  private static String run(List<String> command) throws IOException {
    return HostCommand.output(command, IptablesRules.MISSING);
  }

  private static String mangleOutput() throws IOException {
    return HostCommand.output(List.of("iptables", "-w", "-t", "mangle", "-S", "OUTPUT"), IptablesRules.MISSING)
        + "\n";
  }

  private static void addRule(long launcher, List<String> rule) throws IOException {
    List<String> command = new ArrayList<>(List.of("iptables", "-w", "-t", "mangle", "-A", "OUTPUT"));
    command.addAll(List.of("-m", "comment", "--comment", "turbo-link-delay-" + launcher));
    command.addAll(rule);
    HostCommand.run(command, IptablesRules.MISSING);
  }

  /**
   * The milliseconds of one round trip from {@code from} to an echo server on {@code address}, on a connection
   * already made: a line sent, the same line read back.
   */
  private static long roundTripMillis(ClientHost from, String address) throws Exception {
    try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getByName(address))) {
      CompletableFuture<Void> echo = CompletableFuture.runAsync(() -> {
        try (Socket socket = server.accept(); InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream()) {
          in.transferTo(out);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
      String script = "exec 3<>/dev/tcp/" + address + "/" + server.getLocalPort() + "; start=$(date +%s%N);"
          + " echo ping >&3; read -r line <&3; end=$(date +%s%N); echo $(( (end - start) / 1000000 ))";
      Process process = new ProcessBuilder(from.wrap(List.of("bash", "-c", script))).redirectErrorStream(true)
          .start();
      String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
      assertThat(process.exitValue()).as(output).isZero();
      echo.get(60, TimeUnit.SECONDS);
      return Long.parseLong(output);
    }
  }
}
