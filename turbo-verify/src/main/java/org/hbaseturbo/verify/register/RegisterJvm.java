package org.hbaseturbo.verify.register;


import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.Writer;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.Channels;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.cluster.ClientHost;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.jvm.ChildJvm;

/**
 * The register workload's clients in a JVM of their own, on the client host of a cluster of hosts, and that JVM's
 * entry point: a fault there (the client host cut off from one server) reaches them and not the master or
 * ZooKeeper, which share {@code turbo verify}'s JVM and host. This JVM drives them as it would a
 * {@link RegisterWorkload} of its own, one command at a time.
 *
 * <p>They talk over a Unix domain socket in a directory of this JVM's, which crosses network namespaces: one line a
 * command ({@code start FASTPATH SEED}, {@code before-isolation}, {@code isolation-ending}, {@code after-isolation},
 * {@code stop}, {@code finish}), one line a reply ({@code ok}, {@code counts JSON}, {@code failed MESSAGE}), and
 * {@code progress TEXT} lines at any time; fields are separated by tabs. The child ends when the socket closes.
 */
public final class RegisterJvm implements RegisterClients {
  private static final String SOCKET = "registers.sock";
  private static final String CONF = "client.xml";
  private static final String START = "start";
  private static final String BEFORE_ISOLATION = "before-isolation";
  private static final String ISOLATION_ENDING = "isolation-ending";
  private static final String AFTER_ISOLATION = "after-isolation";
  private static final String STOP = "stop";
  private static final String FINISH = "finish";
  private static final String OK = "ok";
  private static final String COUNTS = "counts";
  private static final String FAILED = "failed";
  private static final String PROGRESS = "progress";
  /** Marks the end of the child's lines in the queue of replies. */
  private static final String ENDED = "\u0000ended";
  /** How long the child may take to start and connect: a JVM and HBase's client classes, on a busy host. */
  private static final Duration CONNECT_TIMEOUT = Duration.ofMinutes(2);
  /**
   * How long a command may take: {@link RegisterWorkload#stop} waits up to two minutes for its threads, and each
   * operation is bounded by a minute's retries ({@link RegisterWorkload#shortCalls}).
   */
  private static final Duration COMMAND_TIMEOUT = Duration.ofMinutes(5);
  private static final ObjectMapper JSON = new ObjectMapper();

  private final ChildJvm child;
  private final SocketChannel channel;
  private final Writer commands;
  private final BlockingQueue<String> replies = new LinkedBlockingQueue<>();

  private RegisterJvm(ChildJvm child, SocketChannel channel, Consumer<String> progress) {
    this.child = child;
    this.channel = channel;
    this.commands = Channels.newWriter(channel, StandardCharsets.UTF_8);
    Thread reader = new Thread(() -> readReplies(progress), "turbo-register-jvm-replies");
    reader.setDaemon(true);
    reader.start();
  }

  /**
   * Starts the JVM, on {@code host} where there is one, and returns once it is connected, its clients not yet started.
   *
   * @param rows each register's row, one a key
   * @param client the settings its clients take, as {@link RegisterWorkload}'s
   * @param dir an empty directory of this JVM's, for the settings and the socket
   * @param progress told what the child tells
   */
  public static RegisterJvm launch(TableName table, List<byte[]> rows, Configuration client, Optional<ClientHost> host,
      Path dir, Consumer<String> progress) throws IOException {
    Path conf = dir.resolve(CONF);
    try (OutputStream out = Files.newOutputStream(conf)) {
      client.writeXml(out);
    }
    Path socket = dir.resolve(SOCKET);
    List<String> args = List.of(socket.toString(), conf.toString(), table.getNameAsString(),
        String.join(",", rows.stream().map(Bytes::toHex).toList()));
    List<String> command = ChildJvm.command(RegisterJvm.class, args);
    try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
      server.bind(UnixDomainSocketAddress.of(socket));
      server.configureBlocking(false);
      ChildJvm child = ChildJvm.start("the register clients", host.map(h -> h.wrap(command)).orElse(command),
          ProcessBuilder.Redirect.INHERIT, line -> true);
      SocketChannel[] accepted = {null};
      try {
        Await.until(() -> (accepted[0] = server.accept()) != null || !child.isAlive(), CONNECT_TIMEOUT,
            Duration.ofMillis(50), "the register clients' JVM to connect", () -> new IOException("the register"
                + " clients' JVM did not connect within " + CONNECT_TIMEOUT.toSeconds() + " s"));
        if (accepted[0] == null) {
          throw new IOException("the register clients' JVM ended before it connected, with exit code "
              + child.waitFor() + "; its errors are above");
        }
      } catch (IOException | RuntimeException e) {
        child.stop();
        throw e;
      }
      accepted[0].configureBlocking(true);
      return new RegisterJvm(child, accepted[0], progress);
    }
  }

  @Override
  public void start(boolean fastPath, long seed) throws IOException {
    call(String.join("\t", START, Boolean.toString(fastPath), Long.toString(seed)));
  }

  @Override
  public void beforeIsolation() throws IOException {
    call(BEFORE_ISOLATION);
  }

  @Override
  public void isolationEnding() throws IOException {
    call(ISOLATION_ENDING);
  }

  @Override
  public void afterIsolation() throws IOException {
    call(AFTER_ISOLATION);
  }

  @Override
  public void stop() throws IOException {
    call(STOP);
  }

  /** The child's counts; then the child ends. */
  @Override
  public RegisterCounts finish() throws IOException {
    try {
      return JSON.readValue(call(FINISH), RegisterCounts.class);
    } finally {
      close();
    }
  }

  /** Ends the child, whatever it is doing, and waits until it has ended (SIGKILL 30 s after SIGTERM). */
  @Override
  public void close() throws IOException {
    try {
      channel.close();
    } finally {
      child.stop();
      child.waitFor();
    }
  }

  /** Sends {@code command} and returns what its reply carries; throws what the child could not do. */
  private synchronized String call(String command) throws IOException {
    commands.write(command + "\n");
    commands.flush();
    String reply;
    try {
      reply = replies.poll(COMMAND_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InterruptedIOException("interrupted while the register clients' JVM ran " + command);
    }
    if (reply == null) {
      throw new IOException("the register clients' JVM did not answer '" + command + "' within "
          + COMMAND_TIMEOUT.toMinutes() + " minutes");
    }
    if (reply.equals(ENDED)) {
      replies.add(ENDED);
      throw new IOException("the register clients' JVM ended during '" + command + "'; its errors are above");
    }
    String[] fields = reply.split("\t", 2);
    return switch (fields[0]) {
      case OK -> "";
      case COUNTS -> fields[1];
      case FAILED -> throw new IOException("the register clients' " + command + " failed: " + fields[1]);
      default -> throw new IOException("the register clients' JVM answered '" + command + "' with: " + reply);
    };
  }

  private void readReplies(Consumer<String> progress) {
    try (BufferedReader lines = new BufferedReader(Channels.newReader(channel, StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        if (line.startsWith(PROGRESS + "\t")) {
          progress.accept(line.substring(PROGRESS.length() + 1));
        } else {
          replies.add(line);
        }
      }
    } catch (IOException e) {
      // Closed by close(), or the child ended: the caller learns so from the end of the replies.
    } finally {
      replies.add(ENDED);
    }
  }

  /**
   * The child: args are the socket, the settings' file, the table and the rows in hex, comma-separated. It runs the
   * commands it reads in turn, and ends when the socket closes.
   */
  public static void main(String[] args) {
    try {
      serve(args);
    } catch (IOException | RuntimeException e) {
      e.printStackTrace();
      System.exit(1);
    }
    // HBase's client leaves threads that are not daemons.
    System.exit(0);
  }

  private static void serve(String[] args) throws IOException {
    Configuration client = new Configuration(false);
    client.addResource(new org.apache.hadoop.fs.Path(Path.of(args[1]).toUri()));
    List<byte[]> rows = new ArrayList<>();
    for (String row : args[3].split(",")) {
      rows.add(Bytes.fromHex(row));
    }
    try (SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(Path.of(args[0])));
        BufferedReader in = new BufferedReader(Channels.newReader(channel, StandardCharsets.UTF_8))) {
      PrintStream out = new PrintStream(Channels.newOutputStream(channel), true, StandardCharsets.UTF_8);
      RegisterWorkload workload = new RegisterWorkload(TableName.valueOf(args[2]), rows, client,
          line -> reply(out, PROGRESS, line));
      for (String command = in.readLine(); command != null; command = in.readLine()) {
        try {
          String counts = run(workload, command.split("\t"));
          reply(out, counts == null ? OK : COUNTS, counts == null ? "" : counts);
        } catch (IOException | RuntimeException e) {
          reply(out, FAILED, e.getMessage() == null ? e.toString() : e.getMessage());
          e.printStackTrace();
        }
      }
    }
  }

  /** Runs one command; the counts' JSON for {@code finish}, else null. */
  private static String run(RegisterWorkload workload, String[] command) throws IOException {
    switch (command[0]) {
      case START -> workload.start(Boolean.parseBoolean(command[1]), Long.parseLong(command[2]));
      case BEFORE_ISOLATION -> workload.beforeIsolation();
      case ISOLATION_ENDING -> workload.isolationEnding();
      case AFTER_ISOLATION -> workload.afterIsolation();
      case STOP -> workload.stop();
      case FINISH -> {
        return JSON.writeValueAsString(workload.finish());
      }
      default -> throw new IllegalArgumentException("unknown command " + command[0]);
    }
    return null;
  }

  /** One line to the parent; the threads that end on a failure tell theirs at any time. */
  private static void reply(PrintStream out, String kind, String text) {
    synchronized (out) {
      out.println(kind + "\t" + text.replace('\n', ' ').replace('\t', ' '));
    }
  }
}
