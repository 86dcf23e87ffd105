package org.hbaseturbo.jvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * A process started from this JVM that ends when this JVM ends, however that ends, SIGKILL included. It runs under
 * {@code parent-watch.sh}, whose standard input is a pipe from this JVM: when the pipe ends, because this JVM closed
 * it ({@link #stop()}) or exited, the script sends the process SIGTERM, and SIGKILL 30 s later if it still runs. The
 * script ends only once the process and its reader of that pipe have, so that nothing of it runs any more when
 * {@link #waitFor()} returns. The process's own standard input is /dev/null.
 *
 * <p>Processes that end together, as when this JVM dies, can be given an order ({@link EndOrder}): HDFS's daemons
 * then get their SIGTERM only once HBase's servers, which flush to HDFS as they close their regions, have ended.
 */
public final class WatchedProcess {
  private static final String SCRIPT_RESOURCE = "parent-watch.sh";
  /** Its comments and blank lines stay in the resource, out of every {@code ps} listing. */
  private static final String SCRIPT = script();

  private final Process script;

  private WatchedProcess(Process script) {
    this.script = script;
  }

  /**
   * Starts {@code builder}'s command under the watch, with the builder's environment, directory and output redirects;
   * the builder's command is replaced by the watch's.
   */
  public static WatchedProcess start(ProcessBuilder builder) throws IOException {
    return start(builder, EndOrder.NONE);
  }

  /** As {@link #start(ProcessBuilder)}, its end ordered by {@code order} with other watched processes'. */
  public static WatchedProcess start(ProcessBuilder builder, EndOrder order) throws IOException {
    order.holds().ifPresent(lock -> builder.environment().put("PARENT_WATCH_HOLDS", lock.toString()));
    order.outlives().ifPresent(lock -> builder.environment().put("PARENT_WATCH_OUTLIVES", lock.toString()));
    List<String> command = new ArrayList<>(List.of("bash", "-c", SCRIPT, "parent-watch"));
    command.addAll(builder.command());
    return new WatchedProcess(builder.command(command).redirectInput(ProcessBuilder.Redirect.PIPE).start());
  }

  /**
   * The process that runs the command, once it does: the script's child that runs another program than the script's
   * shell (its reader of the pipe is a shell, and so is the command until it has started).
   */
  public Optional<ProcessHandle> command() {
    Optional<String> shell = script.info().command();
    return script.children().filter(child -> child.info().command().isPresent()
        && !child.info().command().equals(shell)).findFirst();
  }

  /** The command's standard output, when the builder redirected it to {@link ProcessBuilder.Redirect#PIPE}. */
  public InputStream stdout() {
    return script.getInputStream();
  }

  /** The command's standard error, when the builder redirected it to {@link ProcessBuilder.Redirect#PIPE}. */
  public InputStream stderr() {
    return script.getErrorStream();
  }

  /** Whether the command, or the script that watches it, still runs. */
  public boolean isAlive() {
    return script.isAlive();
  }

  /** Waits until the command and its script have ended; the command's exit code (128 + the signal that ended it). */
  public int waitFor() throws InterruptedException {
    return script.waitFor();
  }

  /** Completes with the command's exit code once the command and its script have ended. */
  public CompletableFuture<Integer> onExit() {
    return script.onExit().thenApply(Process::exitValue);
  }

  /** Ends the command as this JVM's end would (SIGTERM, SIGKILL 30 s later), and returns at once. */
  public void stop() throws IOException {
    script.getOutputStream().close();
  }

  /**
   * Where a watched process's end stands among others', through a lock file: a process that {@code holds} it keeps
   * it (shared) for as long as it runs; one that {@code outlives} it gets its SIGTERM, once its parent is gone or
   * {@link #stop()} was called, only when no process holds it any more, or 35 s later: a holder gets 30 s after its
   * own SIGTERM before SIGKILL. The file is created if missing; its directory must exist.
   */
  public record EndOrder(Optional<Path> holds, Optional<Path> outlives) {
    /** Ends with its parent, whatever else ends then. */
    public static final EndOrder NONE = new EndOrder(Optional.empty(), Optional.empty());

    public static EndOrder holding(Path lock) {
      return new EndOrder(Optional.of(lock), Optional.empty());
    }

    public static EndOrder outliving(Path lock) {
      return new EndOrder(Optional.empty(), Optional.of(lock));
    }
  }

  private static String script() {
    try (InputStream in = WatchedProcess.class.getResourceAsStream(SCRIPT_RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("resource " + SCRIPT_RESOURCE + " is missing from turbo-jvm's jar");
      }
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
        return reader.lines().filter(line -> !line.isBlank() && !line.strip().startsWith("#"))
            .collect(Collectors.joining("\n"));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + SCRIPT_RESOURCE, e);
    }
  }
}
