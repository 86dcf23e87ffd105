package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.jvm.ChildJvm;
import org.hbaseturbo.jvm.JvmOptions;
import org.junit.jupiter.api.Assumptions;

/**
 * The turbo command in a child JVM (a command that starts a cluster), with its stdout and stderr collected line by
 * line. It runs in a session of its own, as in a terminal of its own, so that {@link #interrupt()} reaches its process
 * group as Ctrl-C does. It and every process it starts, and they start, carry a mark in their environment, which
 * {@link #processes()} looks for in /proc: so it finds them all, also those whose parent ended and that init took.
 */
record ClusterProcess(Process process, Thread reader, BlockingQueue<String> lines, List<String> printedLines,
    String mark) {
  private static final Duration START_TIMEOUT = Duration.ofMinutes(3);
  private static final String MARK_VARIABLE = "TURBO_TEST_PROCESS_MARK";
  private static final boolean ENV_RESETS_SIGINT = envResetsSigint();

  /** {@code turbo cluster start --data DATA --client-conf CONF}, with {@code options} added; once it serves. */
  static ClusterProcess start(Path data, Path conf, String... options) throws Exception {
    return start(List.of(), System.getProperty("java.class.path"), data, conf, options);
  }

  /**
   * As {@link #start(Path, Path, String...)}, in a JVM of {@code jvmOptions} added to the usual ones and of
   * {@code classpath} rather than this JVM's.
   */
  static ClusterProcess start(List<String> jvmOptions, String classpath, Path data, Path conf, String... options)
      throws Exception {
    List<String> args = new ArrayList<>(List.of("cluster", "start", "--data", data.toString(), "--client-conf",
        conf.toString()));
    args.addAll(List.of(options));
    ClusterProcess cluster = launch(jvmOptions, classpath, args);
    cluster.awaitLine("serving", START_TIMEOUT);
    assertThat(conf.resolve("hbase-site.xml")).isRegularFile();
    return cluster;
  }

  /** {@code turbo ARGS}, just started. */
  static ClusterProcess launch(List<String> args) throws Exception {
    return launch(List.of(), args);
  }

  /** {@code turbo ARGS} in a JVM of {@code jvmOptions} added to the usual ones, just started. */
  static ClusterProcess launch(List<String> jvmOptions, List<String> args) throws Exception {
    return launch(jvmOptions, System.getProperty("java.class.path"), args);
  }

  private static ClusterProcess launch(List<String> jvmOptions, String classpath, List<String> args)
      throws Exception {
    // A child of this JVM leads no process group, so setsid makes its session in place: the process is the JVM.
    List<String> command = new ArrayList<>(List.of("setsid"));
    // A JVM started with SIGINT ignored (this one, when a script runs the suite as a background job) leaves it ignored
    // and passes that on, so no Ctrl-C would reach the launcher: env (coreutils 8.31 or later) sets it back first.
    if (ENV_RESETS_SIGINT) {
      command.addAll(List.of("env", "--default-signal=INT"));
    }
    command.add(ChildJvm.java());
    command.addAll(JvmOptions.childFlags());
    // The command's own logging, not the tests' (whose log4j.properties comes first on this classpath).
    Path classes = Path.of(TurboMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    command.add("-Dlog4j.configuration=" + classes.resolve("log4j.properties").toUri());
    command.addAll(jvmOptions);
    command.addAll(List.of("-cp", classpath, TurboMain.class.getName()));
    command.addAll(args);
    String mark = UUID.randomUUID().toString();
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().put(MARK_VARIABLE, mark);
    Process process = builder.start();
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    List<String> printedLines = Collections.synchronizedList(new ArrayList<>());
    Thread reader = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(
          new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        in.lines().forEach(line -> {
          printedLines.add(line);
          lines.add(line);
        });
      } catch (IOException e) {
        lines.add("reader failed: " + e);
      }
    });
    reader.setDaemon(true);
    reader.start();
    return new ClusterProcess(process, reader, lines, printedLines, mark);
  }

  /** SIGTERM, then everything the process printed until it exited. */
  String stop() throws Exception {
    // Process.destroy() would also close our end of its stdout; the handle only sends the signal.
    process.toHandle().destroy();
    assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("cluster process stopped").isTrue();
    return printed();
  }

  /**
   * SIGINT to its process group, as Ctrl-C in its terminal sends it; then everything it printed until it exited.
   * Skips the test where the launcher ignores SIGINT, as it does when this JVM does (a shell's background job, a
   * nohup-like wrapper) and this host's env cannot set it back: no Ctrl-C would reach it.
   */
  String interrupt() throws Exception {
    Assumptions.assumeFalse(sigintIgnored(process.pid()), "the launcher ignores SIGINT, as this JVM does, and this"
        + " host's env has no --default-signal to set it back");
    Process kill = new ProcessBuilder("kill", "-INT", "--", "-" + process.pid()).inheritIO().start();
    assertThat(kill.waitFor()).as("exit code of kill -INT").isZero();
    assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("cluster process stopped").isTrue();
    return printed();
  }

  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(1, TimeUnit.MINUTES);
  }

  /** Its exit code, once it exited by itself within {@code bound}; killed, and an assertion error, if it did not. */
  int awaitExit(Duration bound) throws Exception {
    if (!process.waitFor(bound.toMillis(), TimeUnit.MILLISECONDS)) {
      kill();
      throw new AssertionError("still running after " + bound.toSeconds() + " s:\n" + printed());
    }
    return process.exitValue();
  }

  /** Everything it printed, once it exited. */
  String printed() throws InterruptedException {
    // Its output ends with the process; the reader has then kept every line, those read while it started too.
    reader.join(TimeUnit.SECONDS.toMillis(10));
    synchronized (printedLines) {
      return printedLines.stream().map(line -> line + "\n").collect(Collectors.joining());
    }
  }

  /** The running processes that carry its mark: itself and all that it started, and they started, still running. */
  List<ProcessHandle> processes() throws IOException {
    byte[] marked = (MARK_VARIABLE + "=" + mark).getBytes(StandardCharsets.UTF_8);
    try (Stream<Path> entries = Files.list(Path.of("/proc"))) {
      return entries.filter(entry -> entry.getFileName().toString().matches("[0-9]+"))
          .filter(entry -> environmentHas(entry.resolve("environ"), marked))
          .flatMap(entry -> ProcessHandle.of(Long.parseLong(entry.getFileName().toString())).stream())
          .toList();
    }
  }

  /**
   * Returns once none of its processes is left ({@link #processes()}); fails, naming those left, once {@code bound}
   * has passed.
   *
   * @param after what should have ended them, for the message: "the RegionServers ended"
   */
  void awaitNoneLeft(Duration bound, String after) throws IOException {
    try {
      // Each look reads the environment of every process on the host: 10 a second, not Await's 100.
      Await.until(() -> processes().isEmpty(), bound, Duration.ofMillis(100), "no process of the launcher to be left",
          () -> new IOException("processes left " + bound.toSeconds() + " s after " + after));
    } catch (IOException timedOut) {
      throw new AssertionError(timedOut.getMessage() + ": " + describe(processes()), timedOut);
    }
  }

  /** Each of {@code processes} as its pid and command line, for a message. */
  static List<String> describe(List<ProcessHandle> processes) {
    return processes.stream().map(process -> process.pid() + " " + process.info().commandLine().orElse("?")).toList();
  }

  /** Whether the NUL-separated environment in {@code environ} holds {@code variable} exactly. */
  private static boolean environmentHas(Path environ, byte[] variable) {
    byte[] environment;
    try {
      environment = Files.readAllBytes(environ);
    } catch (IOException ended) {
      // It ended while the list was read, or it is not ours to read.
      return false;
    }
    int start = 0;
    for (int i = 0; i <= environment.length; i++) {
      if (i == environment.length || environment[i] == 0) {
        if (java.util.Arrays.equals(environment, start, i, variable, 0, variable.length)) {
          return true;
        }
        start = i + 1;
      }
    }
    return false;
  }

  /** Returns once it printed a line that starts with {@code prefix}; fails, killing it, on its exit or a timeout. */
  void awaitLine(String prefix, Duration timeout) throws Exception {
    long deadline = System.nanoTime() + timeout.toNanos();
    StringBuilder seen = new StringBuilder();
    while (System.nanoTime() < deadline) {
      String line = lines.poll(1, TimeUnit.SECONDS);
      if (line != null) {
        seen.append(line).append('\n');
        if (line.startsWith(prefix)) {
          return;
        }
      }
      if (!process.isAlive() && lines.isEmpty()) {
        throw new AssertionError("cluster process exited with " + process.exitValue() + ":\n" + seen);
      }
    }
    process.destroyForcibly();
    throw new AssertionError("no '" + prefix + "' line within " + timeout + ":\n" + seen);
  }

  /** Whether this host's env takes {@code --default-signal} (coreutils 8.31, 2019; Ubuntu 20.04's is older). */
  private static boolean envResetsSigint() {
    try {
      Process env = new ProcessBuilder("env", "--default-signal=INT", "true").redirectErrorStream(true)
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
      return env.waitFor(10, TimeUnit.SECONDS) && env.exitValue() == 0;
    } catch (IOException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  /** Whether process {@code pid} ignores SIGINT (signal 2), by the kernel's mask of ignored signals. */
  private static boolean sigintIgnored(long pid) throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
      if (line.startsWith("SigIgn:")) {
        return (Long.parseUnsignedLong(line.substring("SigIgn:".length()).strip(), 16) & (1L << 1)) != 0;
      }
    }
    return false;
  }
}
