package org.hbaseturbo.cluster;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.jvm.ChildJvm;
import org.hbaseturbo.jvm.ClassArchive;
import org.hbaseturbo.jvm.JvmOptions;
import org.hbaseturbo.jvm.WatchedProcess;
import org.hbaseturbo.jvm.WatchedProcess.EndOrder;

/**
 * A server's JVM, started as an operator's scripts start one: the RegionServers' lib ({@link RegionServerClasspath}),
 * which holds HBase's and Hadoop's jars, on the classpath, then its own conf directory (as {@code $HBASE_CONF_DIR};
 * after the jars, so that the JVM can map the {@link ClassArchive} of the servers: no jar there holds a file of a conf
 * directory); its log4j log and its console output in the cluster's log directory, both appended to by every
 * start. It ends when the JVM that started it ends, however that ends ({@link WatchedProcess}).
 *
 * @param name what it is, for messages ("RegionServer 0", "DataNode 2")
 * @param log its log4j log as from this start
 * @param out what the JVM printed from this start, which says why when it ends at once
 * @param classes its record of the classes it loads, for the {@link ClassArchive} of its classpath
 */
record ServerJvm(String name, WatchedProcess watch, ProcessHandle java, StartLog log, StartLog out,
    Optional<ClassArchive.Recording> classes) {
  /** Far above the milliseconds that the watch takes to start the JVM: only a machine in trouble waits that long. */
  private static final Duration JAVA_START = Duration.ofSeconds(10);
  private static final Duration JAVA_POLL = Duration.ofMillis(50);

  /**
   * @param conf its conf directory, which this writes its {@code log4j.properties} into
   * @param logName the base name of its files in {@code logs}: NAME.log and NAME.out
   * @param wrapper a command the JVM runs under (its words first on the command line), or none
   * @param order how its end stands among the cluster's other JVMs' when the launcher dies
   */
  static ServerJvm start(String name, Path conf, Path logs, String logName, String heap, List<String> wrapper,
      EndOrder order, String mainClass, List<String> args) throws IOException {
    Files.createDirectories(logs);
    Path log = logs.resolve(logName + ".log");
    Path out = logs.resolve(logName + ".out");
    NoFollowFiles.writeString(conf.resolve("log4j.properties"), String.join("\n",
        "log4j.rootLogger=INFO,file",
        "log4j.appender.file=org.apache.log4j.FileAppender",
        "log4j.appender.file.file=" + log,
        "log4j.appender.file.append=true",
        "log4j.appender.file.layout=org.apache.log4j.PatternLayout",
        "log4j.appender.file.layout.ConversionPattern=%d{ISO8601} %-5p [%t] %c{2}: %m%n",
        "log4j.logger.org.apache.zookeeper=WARN", ""));
    List<String> command = new ArrayList<>(wrapper);
    command.add(ChildJvm.java());
    command.add("-Xmx" + heap);
    // A server past an OutOfMemoryError has lost threads at random (a RegionServer its MemStoreFlusher, in bench
    // pcm's disk regime) yet keeps its regions and its ZooKeeper session until that expires: it ends at once
    // instead, and the master reassigns its regions.
    command.add("-XX:+ExitOnOutOfMemoryError");
    Path lib = RegionServerClasspath.locate();
    ClassArchive archive = ClassArchive.ofLibrary(lib, "RegionServers");
    // Before the child flags, so that a -XX:SharedArchiveFile there wins (the JDK's own archive, to start without
    // this one).
    ClassArchive.Launch launch = archive.launch();
    command.addAll(launch.flags());
    command.addAll(JvmOptions.childFlags());
    command.add("-cp");
    command.add(archive.classpath() + File.pathSeparator + conf);
    command.add(mainClass);
    command.addAll(args);
    // The JVM's output is appended to by its redirect, which a link in the file's place would lead elsewhere.
    NoFollowFiles.requireFile(out);
    // Both files are appended to by every start; what this start wrote begins here.
    StartLog logOfThisStart = StartLog.from(log);
    StartLog outOfThisStart = StartLog.from(out);
    WatchedProcess watch = WatchedProcess.start(new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(out.toFile())), order);
    launch.recording().ifPresent(recording -> watch.onExit().whenComplete((code, failure) -> recording.ended()));
    return new ServerJvm(name, watch, javaOf(watch, name, outOfThisStart), logOfThisStart, outOfThisStart,
        launch.recording());
  }

  private static ProcessHandle javaOf(WatchedProcess watch, String name, StartLog out) throws IOException {
    // The command's process keeps its id through a wrapper's exec of the JVM: the first sight of it is the JVM's.
    AtomicReference<ProcessHandle> java = new AtomicReference<>();
    try {
      Await.until(() -> {
        watch.command().ifPresent(command -> java.compareAndSet(null, command));
        return java.get() != null || !watch.isAlive();
      }, JAVA_START, JAVA_POLL, name + "'s JVM",
          () -> new IOException(name + " did not start a JVM within " + JAVA_START.toSeconds() + " s"));
      if (java.get() == null) {
        throw new IOException(name + "'s JVM ended as it started: " + out.lastLine().orElse("it printed nothing")
            + "; see " + out.file());
      }
      return java.get();
    } catch (IOException e) {
      watch.stop();
      throw e;
    }
  }

  /**
   * @throws IOException naming it and quoting its log ({@link #ended}), when its JVM ended
   */
  void requireAlive(String doing) throws IOException {
    if (!watch.isAlive()) {
      throw ended("exited while " + doing);
    }
  }

  /**
   * Why it ended, for a JVM that did: its log's last error, or else the last line the JVM printed (a flag it
   * refused).
   */
  IOException ended(String what) throws IOException {
    Optional<String> cause = log.lastError();
    if (cause.isEmpty()) {
      cause = out.lastLine();
    }
    return new IOException(name + " " + what + ": " + cause.orElse("it logged no error") + "; see " + log.file()
        + " and " + out.file());
  }

  /**
   * @throws IOException naming it and quoting its log, when it gave up starting: it logged an ABORTING line (its JVM
   *     may take a while to end, or never end) or its JVM ended
   */
  void requireStarting() throws IOException {
    Optional<String> aborting = log.abortLine();
    if (aborting.isPresent()) {
      throw new IOException(this + " aborted while starting: " + aborting.get() + "; see " + log.file());
    }
    requireAlive("starting");
  }

  /**
   * Waits for it and its watch to end by itself; after {@code timeout}, kills it.
   *
   * @return whether it ended by itself
   */
  boolean awaitExit(Duration timeout) throws IOException {
    try {
      watch.onExit().get(timeout.toMillis(), TimeUnit.MILLISECONDS);
      return true;
    } catch (TimeoutException e) {
      kill();
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      kill();
      throw new IOException("interrupted while " + name + " stopped", e);
    } catch (ExecutionException e) {
      throw new IOException("waiting for " + name + " to stop failed", e);
    }
  }

  /** Once it serves, a RegionServer: what the servers loaded by then may become their class archive. */
  void served() {
    classes.ifPresent(ClassArchive.Recording::complete);
  }

  /** Its JVM's process id. */
  long pid() {
    return java.pid();
  }

  @Override
  public String toString() {
    return name + " (pid " + pid() + ")";
  }

  /** SIGKILL: nothing flushed, as a crash. Returns once it and its watch have ended. */
  void kill() {
    java.destroyForcibly();
    watch.onExit().join();
  }
}
