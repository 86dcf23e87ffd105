package org.hbaseturbo.jvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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
