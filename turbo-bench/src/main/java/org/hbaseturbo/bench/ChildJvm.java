package org.hbaseturbo.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hbaseturbo.bench.link.NetworkLink;
import org.hbaseturbo.common.JvmOptions;

/**
 * A benchmark client in a JVM of its own, so that its CPU time is accounted apart from the cluster's (and
 * YCSB's static state starts fresh): this JVM's classpath and HBase flags, quiet logging, stderr passed on.
 */
public final class ChildJvm {
  private static final String LOGGING = "org/hbaseturbo/bench/child-log4j.properties";
  /** YCSB prints this line on stderr once per client thread; it says nothing a user needs. */
  private static final String YCSB_NOISE = "DBWrapper: report latency for each error";

  private ChildJvm() {
  }

  /**
   * Runs {@code mainClass} with {@code args} to its end.
   *
   * @param link run it in this emulated link's network namespace
   * @param stdout where its stdout goes; empty for this process's stdout
   * @return its exit code
   */
  public static int run(Class<?> mainClass, List<String> args, Optional<NetworkLink> link, Optional<Path> stdout)
      throws IOException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(JvmOptions.hbaseFlags());
    command.add("-Dlog4j.configuration=" + LOGGING);
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(mainClass.getName());
    command.addAll(args);
    ProcessBuilder builder = new ProcessBuilder(link.map(l -> l.wrap(command)).orElse(command));
    builder.redirectOutput(stdout.map(file -> ProcessBuilder.Redirect.to(file.toFile()))
        .orElse(ProcessBuilder.Redirect.INHERIT));
    Process process = builder.start();
    Thread errors = forwardErrors(process);
    try {
      int exit = process.waitFor();
      errors.join();
      return exit;
    } catch (InterruptedException e) {
      process.destroy();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while " + mainClass.getSimpleName() + " ran", e);
    }
  }

  private static Thread forwardErrors(Process process) {
    Thread thread = new Thread(() -> {
      try (BufferedReader reader = new BufferedReader(
          new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
        reader.lines().filter(line -> !line.startsWith(YCSB_NOISE)).forEach(System.err::println);
      } catch (IOException e) {
        System.err.println("lost the child JVM's error output: " + e.getMessage());
      }
    }, "child-jvm-stderr");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }
}
