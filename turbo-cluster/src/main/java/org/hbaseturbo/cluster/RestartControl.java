package org.hbaseturbo.cluster;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Consumer;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.common.Pause;

/**
 * How {@code turbo cluster restart} and {@code turbo tune apply} ask the process that runs a process cluster to
 * give its RegionServers new settings, by a restart or online: a request file in {@code DATA/control}, which that
 * process polls; it appends its progress to a log there and ends with a result file. Files, because the
 * RegionServers are that process's children and must stay so (they end with it), and because a data directory is
 * all the commands share.
 */
public final class RestartControl {
  private static final String REQUEST = "restart-request.properties";
  private static final String RUNNING = "restart-running.properties";
  private static final String LOG = "restart.log";
  private static final String RESULT = "restart-result.properties";
  private static final String HEAP = "heap";
  private static final String MODE = "mode";

  /** How the RegionServers take the new settings. */
  public enum Mode {
    /** All stop, all start again: every region offline meanwhile. */
    ALL_AT_ONCE,
    /** One at a time, regions moved away first. */
    ROLLING,
    /** No restart: rewritten hbase-site.xml and update_config. */
    ONLINE
  }
  private static final String SETTING_PREFIX = "set.";
  private static final Duration POLL = Duration.ofMillis(500);
  private static final Duration RESTART_TIMEOUT = Duration.ofMinutes(30);

  private RestartControl() {
  }

  /**
   * Serves restart requests for {@code cluster} on a daemon thread until this JVM ends.
   *
   * @param progress told each step of a restart, as it is appended to the control log
   */
  public static void serve(ProcessHBaseCluster cluster, Consumer<String> progress) throws IOException {
    Path control = Files.createDirectories(cluster.dataDir().resolve("control"));
    for (String stale : List.of(REQUEST, RUNNING, RESULT, LOG)) {
      Files.deleteIfExists(control.resolve(stale));
    }
    Thread server = new Thread(() -> {
      while (true) {
        try {
          Thread.sleep(POLL.toMillis());
          if (Files.exists(control.resolve(REQUEST))) {
            Files.move(control.resolve(REQUEST), control.resolve(RUNNING), StandardCopyOption.REPLACE_EXISTING);
            Properties result = new Properties();
            try {
              restart(cluster, read(control.resolve(RUNNING)), line -> {
                progress.accept(line);
                append(control.resolve(LOG), line);
              });
              result.setProperty("status", "ok");
            } catch (InvalidInputException e) {
              result.setProperty("status", "refused");
              result.setProperty("message", e.getMessage());
            } catch (IOException | RuntimeException e) {
              result.setProperty("status", "failed");
              result.setProperty("message", String.valueOf(e.getMessage()));
            }
            write(control.resolve(RESULT), result);
            Files.deleteIfExists(control.resolve(RUNNING));
          }
        } catch (InterruptedException e) {
          return;
        } catch (IOException e) {
          progress.accept("restart control failed: " + e.getMessage());
        }
      }
    }, "restart-control");
    server.setDaemon(true);
    server.start();
  }

  private static void restart(ProcessHBaseCluster cluster, Properties request, Consumer<String> progress)
      throws IOException {
    Map<String, String> changes = new LinkedHashMap<>();
    for (String key : request.stringPropertyNames()) {
      if (key.startsWith(SETTING_PREFIX)) {
        changes.put(key.substring(SETTING_PREFIX.length()), request.getProperty(key));
      }
    }
    Optional<String> heap = Optional.ofNullable(request.getProperty(HEAP));
    switch (Mode.valueOf(request.getProperty(MODE))) {
      case ROLLING -> cluster.restart(ServerControl.Restart.ROLLING, changes, heap, progress);
      case ALL_AT_ONCE -> cluster.restart(ServerControl.Restart.ALL_AT_ONCE, changes, heap, progress);
      case ONLINE -> cluster.update(changes, progress);
    }
  }

  /**
   * Asks the process cluster on {@code dataDir} to give its RegionServers new settings, by a restart or online, and
   * waits for it, passing its progress on.
   *
   * @param heap a new heap, which needs a restart
   * @throws InvalidInputException when no process cluster runs on {@code dataDir}, a restart already runs, or the
   *     cluster refused the request (a rolling restart of a single RegionServer)
   * @throws IOException when the restart failed, with the cluster's reason
   */
  public static void request(Path dataDir, Map<String, String> changes, Optional<String> heap, Mode mode,
      Consumer<String> progress) throws IOException {
    if (mode == Mode.ONLINE && heap.isPresent()) {
      throw new IllegalArgumentException("a new heap needs a restart, not " + mode);
    }
    heap.ifPresent(ProcessHBaseCluster.Builder::requireHeapSize);
    ServerSettingsCheck.requireNotOwned(changes.keySet(), "--set");
    if (!ClusterDataDir.isHeld(dataDir)) {
      throw new InvalidInputException("no cluster runs on " + dataDir + "; start one with './turbo cluster start"
          + " --processes --data " + dataDir + "'");
    }
    Path control = dataDir.resolve("control");
    if (!Files.isDirectory(control)) {
      throw new InvalidInputException("the cluster on " + dataDir + " runs embedded, in one JVM; restarting"
          + " RegionServers needs a cluster started with --processes");
    }
    // The cluster checks again, over the settings it holds; this check refuses before anything is asked of it.
    Map<String, String> next = new LinkedHashMap<>(RegionServerProcess.currentSettings(dataDir));
    next.putAll(changes);
    ServerSettingsCheck.check(next, "--set");
    if (Files.exists(control.resolve(REQUEST)) || Files.exists(control.resolve(RUNNING))) {
      throw new InvalidInputException("a restart of the cluster on " + dataDir + " is already under way");
    }
    Files.deleteIfExists(control.resolve(RESULT));
    Files.deleteIfExists(control.resolve(LOG));
    Properties request = new Properties();
    heap.ifPresent(size -> request.setProperty(HEAP, size));
    request.setProperty(MODE, mode.name());
    changes.forEach((key, value) -> request.setProperty(SETTING_PREFIX + key, value));
    Path pending = control.resolve(REQUEST + ".tmp");
    write(pending, request);
    Files.move(pending, control.resolve(REQUEST), StandardCopyOption.ATOMIC_MOVE);
    awaitResult(control, progress);
  }

  private static void awaitResult(Path control, Consumer<String> progress) throws IOException {
    long deadline = System.nanoTime() + RESTART_TIMEOUT.toNanos();
    int linesShown = 0;
    while (true) {
      boolean done = Files.exists(control.resolve(RESULT));
      if (Files.exists(control.resolve(LOG))) {
        List<String> lines = Files.readAllLines(control.resolve(LOG), StandardCharsets.UTF_8);
        lines.subList(linesShown, lines.size()).forEach(progress);
        linesShown = lines.size();
      }
      if (done) {
        Properties result = read(control.resolve(RESULT));
        if ("refused".equals(result.getProperty("status"))) {
          throw new InvalidInputException(result.getProperty("message"));
        }
        if (!"ok".equals(result.getProperty("status"))) {
          throw new IOException("the restart failed: " + result.getProperty("message"));
        }
        return;
      }
      if (System.nanoTime() > deadline) {
        throw new IOException("the restart did not finish within " + RESTART_TIMEOUT.toMinutes() + " minutes; see "
            + control.resolve(LOG));
      }
      Pause.sleep(POLL, "waiting for the restart");
    }
  }

  private static Properties read(Path file) throws IOException {
    Properties properties = new Properties();
    try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(in);
    }
    return properties;
  }

  private static void write(Path file, Properties properties) throws IOException {
    try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      properties.store(out, null);
    }
  }

  private static void append(Path file, String line) {
    try {
      Files.writeString(file, line + System.lineSeparator(), StandardCharsets.UTF_8, StandardOpenOption.CREATE,
          StandardOpenOption.APPEND);
    } catch (IOException e) {
      // The launcher's own output has the line; a requester that cannot read it still gets the result.
    }
  }
}
