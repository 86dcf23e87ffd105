package org.hbaseturbo.jvm;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * A JVM of our own started from this one, with this JVM's classpath and HBase flags and quiet logging, its
 * stderr passed on to this process's. Used where work must not share a JVM with what this one runs: a benchmark
 * client whose CPU time is accounted apart from the embedded cluster's, or timings that the cluster's threads,
 * garbage and JIT-compiled code would disturb. It ends when this JVM ends, however that ends ({@link WatchedProcess}):
 * a YCSB phase must not go on loading a cluster after the command that ran it was stopped.
 */
public final class ChildJvm {
  private static final String LOGGING = "org/hbaseturbo/jvm/child-log4j.properties";

  private final String name;
  private final WatchedProcess process;
  private final Thread errors;

  private ChildJvm(String name, WatchedProcess process, Thread errors) {
    this.name = name;
    this.process = process;
    this.errors = errors;
  }

  /** The java command of this JVM's installation. */
  public static String java() {
    return Path.of(System.getProperty("java.home"), "bin", "java").toString();
  }

  /** The command that runs {@code mainClass} with {@code args} in a new JVM. */
  public static List<String> command(Class<?> mainClass, List<String> args) {
    return command(List.of(), System.getProperty("java.class.path"), mainClass, args);
  }

  private static List<String> command(List<String> archiveFlags, String classpath, Class<?> mainClass,
      List<String> args) {
    List<String> command = new ArrayList<>();
    command.add(java());
    // Before the child flags, so that a -XX:SharedArchiveFile there wins (the JDK's own archive, to start without
    // this one).
    command.addAll(archiveFlags);
    command.addAll(JvmOptions.childFlags());
    command.add("-Dlog4j.configuration=" + LOGGING);
    command.add("-cp");
    command.add(classpath);
    command.add(mainClass.getName());
    command.addAll(args);
    return command;
  }

  /** Runs {@code mainClass} with {@code args} to its end, its stdout and stderr this process's; its exit code. */
  public static int run(Class<?> mainClass, List<String> args) throws IOException {
    return run(mainClass, args, Map.of());
  }

  /** As {@link #run(Class, List)}, with {@code environment} set over this process's environment. */
  public static int run(Class<?> mainClass, List<String> args, Map<String, String> environment) throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command(mainClass, args))
        .redirectOutput(ProcessBuilder.Redirect.INHERIT);
    builder.environment().putAll(environment);
    return start(mainClass.getSimpleName(), builder, line -> true).waitFor();
  }

  /**
   * Starts {@code command} (from {@link #command}, possibly wrapped).
   *
   * @param name what it is, for messages
   * @param stdout where its stdout goes; {@link ProcessBuilder.Redirect#PIPE} to read it from {@link #stdout()}
   * @param showError which of its stderr lines to pass on
   */
  public static ChildJvm start(String name, List<String> command, ProcessBuilder.Redirect stdout,
      Predicate<String> showError) throws IOException {
    return start(name, new ProcessBuilder(command).redirectOutput(stdout), showError);
  }

  /**
   * Starts {@code mainClass} with {@code args}, a main this JVM starts many times over (a YCSB phase), as {@link
   * #start(String, List, ProcessBuilder.Redirect, Predicate)} would, but on the {@link ClassArchive} of its JVMs: once
   * the first has ended well, those started after it map the classes it loaded, some 1.2 s of CPU less each (the
   * classpath's jars come first then, its directories after them).
   *
   * @param onItsHost the command as it runs where it should (on a client host), or as it is
   */
  public static ChildJvm startArchived(String name, Class<?> mainClass, List<String> args,
      UnaryOperator<List<String>> onItsHost, ProcessBuilder.Redirect stdout, Predicate<String> showError)
      throws IOException {
    return startArchived(ClassArchive.ofMain(mainClass), ClassArchive.mainClasspath(), name, mainClass, args,
        onItsHost, stdout, showError);
  }

  /** As the public one, on {@code archive}, whose JVMs get {@code classpath}. */
  static ChildJvm startArchived(Optional<ClassArchive> archive, String classpath, String name, Class<?> mainClass,
      List<String> args, UnaryOperator<List<String>> onItsHost, ProcessBuilder.Redirect stdout,
      Predicate<String> showError) throws IOException {
    ClassArchive.Launch launch = archive.map(ClassArchive::launch).orElse(ClassArchive.Launch.WITHOUT);
    ChildJvm child = start(name, onItsHost.apply(command(launch.flags(), classpath, mainClass, args)), stdout,
        showError);
    launch.recording().ifPresent(recording -> child.process.onExit().whenComplete((exit, failure) -> {
      try {
        if (failure == null && exit == 0) {
          recording.complete();
        }
      } finally {
        recording.ended();
      }
    }));
    return child;
  }

  private static ChildJvm start(String name, ProcessBuilder builder, Predicate<String> showError) throws IOException {
    WatchedProcess process = WatchedProcess.start(builder);
    return new ChildJvm(name, process, forwardErrors(process.stderr(), showError));
  }

  /** Its stdout, when started with {@link ProcessBuilder.Redirect#PIPE}. */
  public InputStream stdout() {
    return process.stdout();
  }

  /** Whether it, or its watch, still runs. */
  public boolean isAlive() {
    return process.isAlive();
  }

  /** Ends it as this JVM's end would (SIGTERM, SIGKILL 30 s later), and returns at once. */
  public void stop() throws IOException {
    process.stop();
  }

  /** Waits for it to end (ending it if this thread is interrupted); its exit code. */
  public int waitFor() throws IOException {
    try {
      int exit = process.waitFor();
      errors.join();
      return exit;
    } catch (InterruptedException e) {
      process.stop();
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while " + name + " ran", e);
    }
  }

  private static Thread forwardErrors(InputStream stderr, Predicate<String> show) {
    Thread thread = new Thread(() -> {
      try (BufferedReader reader = new BufferedReader(new InputStreamReader(stderr, StandardCharsets.UTF_8))) {
        reader.lines().filter(show).forEach(System.err::println);
      } catch (IOException e) {
        System.err.println("lost the child JVM's error output: " + e.getMessage());
      }
    }, "child-jvm-stderr");
    thread.setDaemon(true);
    thread.start();
    return thread;
  }
}
