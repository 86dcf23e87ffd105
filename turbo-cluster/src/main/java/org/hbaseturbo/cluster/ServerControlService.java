package org.hbaseturbo.cluster;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import org.hbaseturbo.cluster.ServerControlFormat.Reply;
import org.hbaseturbo.cluster.ServerControlFormat.ReplyKind;
import org.hbaseturbo.cluster.ServerControlFormat.Request;
import org.hbaseturbo.common.DaemonThreads;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.common.Pause;

/**
 * Serves a {@link ServerControl} to commands in other JVMs ({@link ServerControlClient}) on the Unix domain socket
 * {@code DATA/control/server-control.sock} ({@link ServerControlFormat}). The launcher of a process cluster runs it:
 * the RegionServers are that JVM's children and must stay so (they end with it), so only it can restart them, and
 * the data directory is what the commands share.
 *
 * <p>One request at a time: while one runs, another is refused as already under way. The accepting thread reads
 * each request, within 10 s and {@value ServerControlFormat#MAX_REQUEST_BYTES} bytes, and
 * refuses one that is not a request; a request runs on a second thread, which streams its progress to the client
 * as it happens. A client that goes away does not stop a request under way.
 */
public final class ServerControlService implements AutoCloseable {
  /** A client writes its request as it connects: this only ends a connection that sends nothing. */
  static final Duration REQUEST_TIMEOUT = Duration.ofSeconds(10);
  private static final Duration ACCEPT_RETRY = Duration.ofSeconds(1);

  private final ServerControl control;
  private final Path dataDir;
  private final Path socket;
  private final ServerSocketChannel server;
  private final Consumer<String> progress;
  private final Duration requestTimeout;
  private final AtomicBoolean busy = new AtomicBoolean();
  private final ExecutorService requests =
      Executors.newSingleThreadExecutor(DaemonThreads.named("server-control-request"));

  private ServerControlService(ServerControl control, Path dataDir, Path socket, ServerSocketChannel server,
      Consumer<String> progress, Duration requestTimeout) {
    this.control = control;
    this.requestTimeout = requestTimeout;
    this.dataDir = dataDir;
    this.socket = socket;
    this.server = server;
    this.progress = progress;
  }

  /**
   * Serves {@code control}, the cluster's on {@code dataDir}, until {@link #close()} or the end of this JVM. A socket
   * file left there by an earlier launcher (killed, it could not remove it) is replaced: the data directory's lock,
   * which this JVM holds, says no other launcher serves it.
   *
   * @param progress told each step of every request, as its client is
   * @throws InvalidInputException when the socket's path is too long for a Unix domain socket
   */
  public static ServerControlService start(ServerControl control, Path dataDir, Consumer<String> progress)
      throws IOException {
    return start(control, dataDir, progress, REQUEST_TIMEOUT);
  }

  /**
   * Refuses a data directory whose control socket's path would be too long for a Unix domain socket: a launcher
   * checks it before it starts anything.
   *
   * @return the socket's path
   */
  public static Path requireSocketFits(Path dataDir) {
    Path socket = ServerControlFormat.socket(dataDir);
    int pathBytes = socket.toString().getBytes(StandardCharsets.UTF_8).length;
    if (pathBytes > ServerControlFormat.MAX_SOCKET_PATH_BYTES) {
      throw new InvalidInputException("the control socket " + socket + " would be " + pathBytes + " bytes long, over"
          + " the " + ServerControlFormat.MAX_SOCKET_PATH_BYTES + " a Unix domain socket's path may have; give a"
          + " --data with a shorter path");
    }
    return socket;
  }

  static ServerControlService start(ServerControl control, Path dataDir, Consumer<String> progress,
      Duration requestTimeout) throws IOException {
    requireNonNull(control, "control is null");
    Path socket = requireSocketFits(dataDir);
    ownerOnly(socket.getParent());
    Files.deleteIfExists(socket);
    ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
    try {
      server.bind(UnixDomainSocketAddress.of(socket));
      Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
    } catch (IOException | RuntimeException e) {
      server.close();
      throw e;
    }
    ServerControlService service = new ServerControlService(control, dataDir, socket, server, progress,
        requestTimeout);
    DaemonThreads.named("server-control").newThread(service::acceptAll).start();
    return service;
  }

  /**
   * Whoever can connect to the socket can restart the cluster, and bind makes it with the process's umask before it
   * can be narrowed: so it is made in a directory that only its owner can enter, never a link, and was so before.
   */
  private static void ownerOnly(Path dir) throws IOException {
    Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
    if (!Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
      throw new IOException(dir + " is not a directory (a link?): the control socket is made only in a directory of"
          + " its own");
    }
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwx------"));
  }

  private void acceptAll() {
    while (server.isOpen()) {
      SocketChannel client;
      try {
        client = server.accept();
      } catch (IOException e) {
        if (!server.isOpen()) {
          return;
        }
        // Such as too many open files: it may pass.
        progress.accept("server control: could not accept a connection: " + e.getMessage());
        try {
          Pause.sleep(ACCEPT_RETRY, "waiting to accept connections again");
        } catch (IOException interrupted) {
          return;
        }
        continue;
      }
      take(client);
    }
  }

  /** Reads the request of {@code client} and answers it, or hands it to the request thread. */
  private void take(SocketChannel client) {
    Request request;
    ChannelDeadline deadline = new ChannelDeadline(client, requestTimeout);
    try {
      // Not closed: its close would close the channel.
      byte[] bytes = Channels.newInputStream(client).readNBytes(ServerControlFormat.MAX_REQUEST_BYTES + 1);
      request = ServerControlFormat.decode(bytes);
    } catch (InvalidInputException e) {
      answer(client, new Reply(ReplyKind.REFUSED, e.getMessage()));
      return;
    } catch (RuntimeException e) {
      answer(client, new Reply(ReplyKind.FAILED, "the launcher could not read the request: " + e));
      return;
    } catch (IOException e) {
      progress.accept("server control: no request read" + (deadline.passed() ? " within "
          + requestTimeout.toMillis() + " ms" : "") + ": " + e);
      closeQuietly(client);
      return;
    } finally {
      deadline.close();
    }
    if (!busy.compareAndSet(false, true)) {
      answer(client, new Reply(ReplyKind.REFUSED, "a restart of the cluster on " + dataDir + " is already under"
          + " way"));
      return;
    }
    try {
      requests.execute(() -> {
        Replies replies = new Replies(client);
        Reply result = null;
        try {
          result = run(request, replies);
        } finally {
          // Free before the client hears the result, so that its next request is not refused as under way.
          busy.set(false);
          if (result != null) {
            replies.send(result);
          }
          closeQuietly(client);
        }
      });
    } catch (RuntimeException e) {
      busy.set(false);
      answer(client, new Reply(ReplyKind.FAILED, "the launcher is stopping"));
    }
  }

  /** Runs {@code request}, its progress sent as it goes; returns the result, to send once no longer busy. */
  private Reply run(Request request, Replies replies) {
    Consumer<String> both = line -> {
      progress.accept(line);
      replies.send(new Reply(ReplyKind.PROGRESS, line));
    };
    try {
      if (request.restart().isPresent()) {
        control.restart(request.restart().get(), request.settings(), request.heap(), both);
      } else {
        control.update(request.settings(), both);
      }
      return new Reply(ReplyKind.OK, "");
    } catch (InvalidInputException e) {
      return new Reply(ReplyKind.REFUSED, String.valueOf(e.getMessage()));
    } catch (IOException | RuntimeException e) {
      progress.accept("failed: " + e.getMessage());
      return new Reply(ReplyKind.FAILED, String.valueOf(e.getMessage()));
    }
  }

  private static void answer(SocketChannel client, Reply reply) {
    new Replies(client).send(reply);
    closeQuietly(client);
  }

  /** The reply lines to one client; once it has gone, the request goes on without it. */
  private static final class Replies {
    private final SocketChannel client;
    private boolean gone;

    Replies(SocketChannel client) {
      this.client = client;
    }

    synchronized void send(Reply reply) {
      if (gone) {
        return;
      }
      ByteBuffer line = StandardCharsets.UTF_8.encode(ServerControlFormat.encode(reply) + "\n");
      try {
        while (line.hasRemaining()) {
          client.write(line);
        }
      } catch (IOException e) {
        gone = true;
      }
    }
  }

  private static void closeQuietly(SocketChannel client) {
    try {
      client.close();
    } catch (IOException e) {
      // Closed either way.
    }
  }

  /** Stops taking requests and removes the socket; a request under way finishes. */
  @Override
  public void close() throws IOException {
    try {
      server.close();
      requests.shutdown();
    } finally {
      Files.deleteIfExists(socket);
    }
  }
}
