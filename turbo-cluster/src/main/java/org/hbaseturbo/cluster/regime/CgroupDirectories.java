package org.hbaseturbo.cluster.regime;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.regex.Matcher;
import org.hbaseturbo.common.Await;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a RegionServer's cgroup groups have in common, of either version ({@link CgroupV1Group}, the partition's v2
 * group): the JVM joins them before its first instruction, they are named after the launcher's process so that a later
 * launcher can remove a dead one's, and a group is removed only once it holds no process.
 */
public final class CgroupDirectories {
  private static final Logger LOG = LoggerFactory.getLogger(CgroupDirectories.class);
  private static final Duration EMPTYING = Duration.ofSeconds(30);

  private CgroupDirectories() {
  }

  /**
   * The words a JVM runs under to join {@code groups}: a shell that moves itself into each and then becomes the JVM
   * (its process id stays), so that nothing of the JVM runs, and no socket of it is opened, outside them.
   *
   * @param name the shell's {@code $0}, as {@code ps} shows it until the JVM replaces it
   */
  public static List<String> joining(List<Path> groups, String name) {
    StringBuilder script = new StringBuilder();
    for (Path group : groups) {
      script.append("echo $$ > '").append(group.resolve("cgroup.procs")).append("' && ");
    }
    script.append("exec \"$@\"");
    return List.of("sh", "-c", script.toString(), name);
  }

  /**
   * Whether {@code name} (a group's, or a text naming one) names a group of a launcher that is gone: the launcher's
   * process id is its pattern's first group.
   */
  public static boolean ofLauncherGone(Matcher name) {
    return name.find() && ProcessHandle.of(Long.parseLong(name.group(1))).isEmpty();
  }

  /** Removes {@code group} once its processes have exited, waiting a bounded time for that; nothing if it is gone. */
  public static void removeOnceEmpty(Path group) throws IOException {
    if (!Files.isDirectory(group)) {
      return;
    }
    Await.until(() -> !hasProcesses(group), EMPTYING, Duration.ofMillis(100), "cgroup " + group + " to empty",
        () -> new IOException("cgroup " + group + " still holds processes after " + EMPTYING.toSeconds() + " s"));
    Files.delete(group);
  }

  /**
   * Removes the group of a launcher that is gone, unless it still holds processes (a RegionServer that outlived its
   * launcher): that one stays, with a WARN.
   */
  public static void removeStale(Path group) throws IOException {
    if (hasProcesses(group)) {
      LOG.warn("cgroup {} of a launcher that is gone still holds processes; left in place", group);
    } else {
      Files.delete(group);
    }
  }

  private static boolean hasProcesses(Path group) {
    try {
      return !Files.readString(group.resolve("cgroup.procs")).isBlank();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
