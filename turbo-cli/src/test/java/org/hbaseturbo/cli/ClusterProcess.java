package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.hbaseturbo.jvm.JvmOptions;

/** {@code turbo cluster start} in a child JVM, with its stdout collected line by line. */
record ClusterProcess(Process process, Thread reader, BlockingQueue<String> lines) {
  private static final Duration START_TIMEOUT = Duration.ofMinutes(3);

  /** {@code turbo cluster start --data DATA --client-conf CONF}, with {@code options} added. */
  static ClusterProcess start(Path data, Path conf, String... options) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(JvmOptions.hbaseFlags());
    // The command's own logging, not the tests' (whose log4j.properties comes first on this classpath).
    Path classes = Path.of(TurboMain.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    command.add("-Dlog4j.configuration=" + classes.resolve("log4j.properties").toUri());
    command.addAll(List.of("-cp", System.getProperty("java.class.path"), TurboMain.class.getName(), "cluster",
        "start", "--data", data.toString(), "--client-conf", conf.toString()));
    command.addAll(List.of(options));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    Thread reader = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(
          new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
        in.lines().forEach(lines::add);
      } catch (IOException e) {
        lines.add("reader failed: " + e);
      }
    });
    reader.setDaemon(true);
    reader.start();
    ClusterProcess cluster = new ClusterProcess(process, reader, lines);
    cluster.awaitLine("serving", START_TIMEOUT);
    assertThat(conf.resolve("hbase-site.xml")).isRegularFile();
    return cluster;
  }

  /** SIGTERM, then everything the process printed until it exited. */
  String stop() throws Exception {
    // Process.destroy() would also close our end of its stdout; the handle only sends the signal.
    process.toHandle().destroy();
    assertThat(process.waitFor(2, TimeUnit.MINUTES)).as("cluster process stopped").isTrue();
    // Its stdout ends with the process; the reader has then queued every line.
    reader.join(TimeUnit.SECONDS.toMillis(10));
    StringBuilder printed = new StringBuilder();
    for (String line : lines) {
      printed.append(line).append('\n');
    }
    return printed.toString();
  }

  /** SIGKILL: no shutdown hook runs, nothing is flushed. */
  void kill() throws InterruptedException {
    process.destroyForcibly();
    process.waitFor(1, TimeUnit.MINUTES);
  }

  private void awaitLine(String prefix, Duration timeout) throws Exception {
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
}
