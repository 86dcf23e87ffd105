package org.hbaseturbo.cluster;

import static java.util.Objects.requireNonNull;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.hbaseturbo.cluster.ServerControlFormat.Reply;
import org.hbaseturbo.cluster.ServerControlFormat.Request;
import org.hbaseturbo.common.InvalidInputException;

/**
 * The {@link ServerControl} of the process cluster that runs in another JVM on a data directory
 * ({@code cluster start --processes --data DIR}): each call is one request to that launcher's
 * {@link ServerControlService}, checked here first as far as this JVM can, its progress passed on line by line as
 * the launcher sends it. A call returns when the launcher answers, or fails after 30 minutes.
 */
public final class ServerControlClient implements ServerControl {
  /** Above a rolling restart of many RegionServers, each of whose regions RegionMover moves twice. */
  private static final Duration ANSWER_TIMEOUT = Duration.ofMinutes(30);

  private final Path dataDir;

  /** @param dataDir the data directory of the running process cluster */
  public ServerControlClient(Path dataDir) {
    this.dataDir = requireNonNull(dataDir, "dataDir is null").toAbsolutePath();
  }

  /**
   * @throws InvalidInputException also when no process cluster runs on the data directory, or the launcher is
   *     already restarting or updating its RegionServers
   */
  @Override
  public void restart(Restart how, Map<String, String> settings, Optional<String> heap, Consumer<String> progress)
      throws IOException {
    heap.ifPresent(ProcessClusterBuilder::requireHeapSize);
    request(new Request(Optional.of(requireNonNull(how, "how is null")), settings, heap), progress);
  }

  /**
   * @throws InvalidInputException also when no process cluster runs on the data directory, or the launcher is
   *     already restarting or updating its RegionServers
   */
  @Override
  public void update(Map<String, String> settings, Consumer<String> progress) throws IOException {
    request(new Request(Optional.empty(), settings, Optional.empty()), progress);
  }

  private void request(Request request, Consumer<String> progress) throws IOException {
    ServerSettingsCheck.requireNotOwned(request.settings().keySet(), "--set");
    if (!ClusterDataDir.isHeld(dataDir)) {
      throw new InvalidInputException("no cluster runs on " + dataDir + "; start one with './turbo cluster start"
          + " --processes --data " + dataDir + "'");
    }
    Path socket = ServerControlFormat.socket(dataDir);
    if (!Files.exists(socket)) {
      throw runsEmbedded();
    }
    // The cluster checks again, over the settings it holds; this check refuses before anything is asked of it.
    Map<String, String> next = new LinkedHashMap<>(RegionServerProcess.currentSettings(dataDir));
    next.putAll(request.settings());
    ServerSettingsCheck.check(next, "--set");
    byte[] bytes = ServerControlFormat.encode(request);
    if (bytes.length > ServerControlFormat.MAX_REQUEST_BYTES) {
      throw new InvalidInputException("--set: " + request.settings().size() + " settings take " + bytes.length
          + " bytes; a request to the cluster's launcher is at most " + ServerControlFormat.MAX_REQUEST_BYTES);
    }
    try (SocketChannel channel = connect(socket)) {
      ChannelDeadline deadline = new ChannelDeadline(channel, ANSWER_TIMEOUT);
      try {
        exchange(channel, bytes, progress);
      } catch (IOException e) {
        if (deadline.passed()) {
          throw new IOException("the restart did not finish within " + ANSWER_TIMEOUT.toMinutes() + " minutes;"
              + " the output of the cluster's launcher says how far it got", e);
        }
        throw e;
      } finally {
        deadline.close();
      }
    }
  }

  private SocketChannel connect(Path socket) throws IOException {
    try {
      return SocketChannel.open(UnixDomainSocketAddress.of(socket));
    } catch (ConnectException e) {
      // A socket file that no one serves, left by a launcher killed earlier: what holds the directory now does not.
      throw runsEmbedded();
    }
  }

  private InvalidInputException runsEmbedded() {
    return new InvalidInputException("the cluster on " + dataDir + " runs embedded, in one JVM; restarting"
        + " RegionServers needs a cluster started with --processes");
  }

  private void exchange(SocketChannel channel, byte[] request, Consumer<String> progress) throws IOException {
    ByteBuffer out = ByteBuffer.wrap(request);
    while (out.hasRemaining()) {
      channel.write(out);
    }
    channel.shutdownOutput();
    // Not closed here: the channel is, by the caller.
    BufferedReader replies = new BufferedReader(new InputStreamReader(Channels.newInputStream(channel),
        StandardCharsets.UTF_8));
    String line;
    while ((line = replies.readLine()) != null) {
      Reply reply = ServerControlFormat.decodeReply(line);
      switch (reply.kind()) {
        case PROGRESS -> progress.accept(reply.text());
        case OK -> {
          return;
        }
        case REFUSED -> throw new InvalidInputException(reply.text());
        case FAILED -> throw new IOException("the restart failed: " + reply.text());
        default -> throw new IllegalStateException("unknown reply " + reply.kind());
      }
    }
    throw new IOException("the launcher of the cluster on " + dataDir + " closed the connection without an answer;"
        + " its output says why");
  }
}
