package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher's control socket with a fake cluster behind it (no HBase): what a command in another JVM sends and
 * gets back. The data directory is claimed by this JVM, as the launcher's is by it. A test that hangs has found a
 * service that stopped serving.
 */
@Timeout(60)
class TestServerControlService {
  private static final Duration WAIT = Duration.ofSeconds(10);

  @TempDir
  Path dir;

  private Path data;
  private ClusterDataDir claim;
  private final FakeCluster cluster = new FakeCluster();
  private final List<String> launcherOutput = Collections.synchronizedList(new ArrayList<>());
  private ServerControlService service;

  @BeforeEach
  void claimTheDataDirectory() throws IOException {
    data = dir.resolve("data");
    claim = ClusterDataDir.claim(data);
  }

  @AfterEach
  void stop() throws IOException {
    cluster.release.countDown();
    if (service != null) {
      service.close();
    }
    claim.close();
  }

  private void serve() throws IOException {
    service = ServerControlService.start(cluster, data, launcherOutput::add, Duration.ofMillis(500));
  }

  @Test
  void progressLinesArriveAsTheyHappenAndInOrderBeforeTheResult() throws Exception {
    serve();
    List<String> progress = new ArrayList<>();
    CountDownLatch firstLineSeen = new CountDownLatch(1);
    cluster.behaviour = (how, out) -> {
      out.accept("RegionServer 0: stopping");
      // The next step waits until the client has the first: lines must travel as they happen, not at the end.
      if (!firstLineSeen.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
        throw new IOException("the client never saw the first line before the request ended");
      }
      out.accept("two lines\nin one, and a \\ backslash");
      out.accept("restart done");
    };

    new ServerControlClient(data).restart(ServerControl.Restart.ROLLING, Map.of("hbase.regionserver.handler.count",
        "40"), Optional.of("2g"), line -> {
          progress.add(line);
          firstLineSeen.countDown();
        });

    assertThat(progress).containsExactly("RegionServer 0: stopping", "two lines\nin one, and a \\ backslash",
        "restart done");
    assertThat(launcherOutput).containsExactlyElementsOf(progress);
    assertThat(cluster.requests).containsExactly("ROLLING {hbase.regionserver.handler.count=40} Optional[2g]");

    new ServerControlClient(data).update(Map.of("hbase.hstore.compaction.min", "4"), progress::add);
    new ServerControlClient(data).restart(ServerControl.Restart.ALL_AT_ONCE, Map.of(), Optional.empty(),
        progress::add);
    assertThat(cluster.requests).containsExactly("ROLLING {hbase.regionserver.handler.count=40} Optional[2g]",
        "ONLINE {hbase.hstore.compaction.min=4} Optional.empty", "ALL_AT_ONCE {} Optional.empty");
  }

  @Test
  void refusedIsInvalidInputAndFailedIsAnIoExceptionEachWithTheClustersMessage() throws Exception {
    serve();
    cluster.behaviour = (how, out) -> {
      throw new InvalidInputException("--rolling needs at least 2 RegionServers to move regions to; this cluster"
          + " has 1");
    };
    assertThatThrownBy(() -> new ServerControlClient(data).restart(ServerControl.Restart.ROLLING, Map.of(),
        Optional.empty(), line -> { })).isInstanceOf(InvalidInputException.class)
        .hasMessage("--rolling needs at least 2 RegionServers to move regions to; this cluster has 1");

    cluster.behaviour = (how, out) -> {
      out.accept("stopping all 2 RegionServers");
      throw new IOException("RegionServer 1 did not come online within 120 s\nsee its log");
    };
    List<String> progress = new ArrayList<>();
    assertThatThrownBy(() -> new ServerControlClient(data).update(Map.of(), progress::add))
        .isExactlyInstanceOf(IOException.class)
        .hasMessage("the restart failed: RegionServer 1 did not come online within 120 s\nsee its log");
    assertThat(progress).containsExactly("stopping all 2 RegionServers");
  }

  @Test
  void aSecondRequestWhileOneRunsIsRefusedAndTheFirstStillEnds() throws Exception {
    serve();
    CountDownLatch running = new CountDownLatch(1);
    cluster.behaviour = (how, out) -> {
      running.countDown();
      if (!cluster.release.await(WAIT.toSeconds(), TimeUnit.SECONDS)) {
        throw new IOException("never released");
      }
      out.accept("restart done");
    };
    List<String> firstProgress = Collections.synchronizedList(new ArrayList<>());
    CompletableFuture<Void> first = CompletableFuture.runAsync(() -> {
      try {
        new ServerControlClient(data).restart(ServerControl.Restart.ROLLING, Map.of(), Optional.empty(),
            firstProgress::add);
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    });
    assertThat(running.await(WAIT.toSeconds(), TimeUnit.SECONDS)).as("the first request runs").isTrue();

    assertThatThrownBy(() -> new ServerControlClient(data).update(Map.of(), line -> { }))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("a restart of the cluster on " + data + " is already under way");

    cluster.release.countDown();
    first.get(WAIT.toSeconds(), TimeUnit.SECONDS);
    assertThat(firstProgress).containsExactly("restart done");
    assertThat(cluster.requests).as("the refused request never reached the cluster").hasSize(1);
    // Free again.
    new ServerControlClient(data).update(Map.of(), line -> { });
    assertThat(cluster.requests).hasSize(2);
  }

  @Test
  void whatIsNoRequestIsRefusedAndTheServiceGoesOn() throws Exception {
    serve();
    assertThat(exchange("garbage\n".getBytes(StandardCharsets.UTF_8)))
        .isEqualTo("refused server control request: no mode; expected mode=ROLLING, ALL_AT_ONCE or ONLINE");
    assertThat(exchange("mode=RESTART_EVERYTHING\n".getBytes(StandardCharsets.UTF_8))).isEqualTo("refused server"
        + " control request: mode is 'RESTART_EVERYTHING'; expected ROLLING, ALL_AT_ONCE or ONLINE");
    assertThat(exchange("mode=ONLINE\nrm -rf=/\n".getBytes(StandardCharsets.UTF_8)))
        .isEqualTo("refused server control request: unknown field 'rm'; expected mode, heap and set.KEY");
    assertThat(exchange("mode=ONLINE\nheap=2g\n".getBytes(StandardCharsets.UTF_8)))
        .isEqualTo("refused server control request: a new heap needs a restart, not mode ONLINE");
    assertThat(exchange(new byte[] {'m', (byte) 0xff, (byte) 0xfe, '\n'}))
        .isEqualTo("refused a server control request is UTF-8 text; this one is not");
    assertThat(exchange("mode=ONLINE\nset.a=\\uZZZZ\n".getBytes(StandardCharsets.UTF_8)))
        .startsWith("refused a server control request is in java.util.Properties syntax; this one is not");
    // A well-formed request made too long: refused before any of it reaches the cluster.
    String padded = "mode=ONLINE\nset.hbase.hstore.compaction.min=4\nset.padding=" + "a".repeat(
        ServerControlFormat.MAX_REQUEST_BYTES) + "\n";
    assertThat(exchange(padded.getBytes(StandardCharsets.UTF_8)))
        .isEqualTo("refused a server control request is at most 65536 bytes; this one is longer");
    // A connection that sends nothing and keeps its end open is closed after the request timeout.
    try (SocketChannel silent = SocketChannel.open(UnixDomainSocketAddress.of(ServerControlFormat.socket(data)))) {
      assertThat(readReply(silent)).as("closed without a reply").isNull();
    }
    assertThat(cluster.requests).isEmpty();

    new ServerControlClient(data).update(Map.of("hbase.hstore.compaction.min", "4"), line -> { });
    assertThat(cluster.requests).containsExactly("ONLINE {hbase.hstore.compaction.min=4} Optional.empty");
  }

  @Test
  void aSocketLeftByAKilledLauncherIsReplacedOnStart() throws Exception {
    Path socket = ServerControlFormat.socket(data);
    Files.createDirectories(socket.getParent());
    try (ServerSocketChannel dead = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      dead.bind(UnixDomainSocketAddress.of(socket));
    }
    assertThat(socket).as("Java leaves the file of a closed socket, as a killed launcher does").exists();
    // Before the launcher serves again, a command finds no one on it.
    assertThatThrownBy(() -> new ServerControlClient(data).update(Map.of(), line -> { }))
        .isInstanceOf(InvalidInputException.class).hasMessage("the cluster on " + data + " runs embedded, in one"
            + " JVM; restarting RegionServers needs a cluster started with --processes");

    serve();
    new ServerControlClient(data).update(Map.of(), line -> { });
    assertThat(cluster.requests).hasSize(1);
    service.close();
    assertThat(socket).as("removed on close").doesNotExist();
    service = null;
  }

  @Test
  void theSocketIsMadeInADirectoryOnlyItsOwnerEnters() throws Exception {
    // Left group-writable by an earlier launcher under a loose umask: between its bind and its chmod, the socket
    // would have been open to the group.
    Path control = ServerControlFormat.socket(data).getParent();
    Files.createDirectories(control);
    Files.setPosixFilePermissions(control, PosixFilePermissions.fromString("rwxrwxr-x"));
    serve();
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(control))).isEqualTo("rwx------");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(ServerControlFormat.socket(data))))
        .isEqualTo("rw-------");
  }

  @Test
  void aCommandRefusesBeforeAskingWhereItCan() throws Exception {
    ServerControlClient client = new ServerControlClient(data);
    assertThatThrownBy(() -> client.update(Map.of(), line -> { })).isInstanceOf(InvalidInputException.class)
        .hasMessage("the cluster on " + data + " runs embedded, in one JVM; restarting RegionServers needs a"
            + " cluster started with --processes");
    serve();
    assertThatThrownBy(() -> client.update(Map.of("hbase.rootdir", "/elsewhere"), line -> { }))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("--set hbase.rootdir: the local cluster sets it itself");
    assertThatThrownBy(() -> client.update(Map.of(ServerSettingsCheck.COMPACTION_MIN, "12"), line -> { }))
        .isInstanceOf(InvalidInputException.class).hasMessageStartingWith("--set: hbase.hstore.compaction.min=12"
            + " is above hbase.hstore.compaction.max=10");
    assertThatThrownBy(() -> client.restart(ServerControl.Restart.ROLLING, Map.of(), Optional.of("lots"),
        line -> { })).isInstanceOf(InvalidInputException.class).hasMessageStartingWith("RegionServer heap 'lots'");
    assertThat(cluster.requests).isEmpty();

    Path none = dir.resolve("none");
    assertThatThrownBy(() -> new ServerControlClient(none).update(Map.of(), line -> { }))
        .isInstanceOf(InvalidInputException.class).hasMessage("no cluster runs on " + none + "; start one with"
            + " './turbo cluster start --processes --data " + none + "'");
  }

  /** Sends {@code request} as a client would and returns the reply's first line. */
  private String exchange(byte[] request) throws IOException {
    try (SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(ServerControlFormat.socket(data)))) {
      ByteBuffer out = ByteBuffer.wrap(request);
      while (out.hasRemaining()) {
        channel.write(out);
      }
      channel.shutdownOutput();
      return readReply(channel);
    }
  }

  private static String readReply(SocketChannel channel) throws IOException {
    return new BufferedReader(new InputStreamReader(Channels.newInputStream(channel), StandardCharsets.UTF_8))
        .readLine();
  }

  /** What a request does on the fake cluster. */
  private interface Behaviour {
    void run(String how, Consumer<String> progress) throws Exception;
  }

  /** Records each request it gets and does what the test says. */
  private static final class FakeCluster implements ServerControl {
    final List<String> requests = Collections.synchronizedList(new ArrayList<>());
    final CountDownLatch release = new CountDownLatch(1);
    volatile Behaviour behaviour = (how, progress) -> progress.accept(how + " done");

    @Override
    public void restart(Restart how, Map<String, String> settings, Optional<String> heap, Consumer<String> progress)
        throws IOException {
      requests.add(how + " " + settings + " " + heap);
      run(how.name(), progress);
    }

    @Override
    public void update(Map<String, String> settings, Consumer<String> progress) throws IOException {
      requests.add("ONLINE " + settings + " " + Optional.empty());
      run("ONLINE", progress);
    }

    private void run(String how, Consumer<String> progress) throws IOException {
      try {
        behaviour.run(how, progress);
      } catch (IOException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
