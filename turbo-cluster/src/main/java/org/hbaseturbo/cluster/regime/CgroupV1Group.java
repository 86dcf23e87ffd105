package org.hbaseturbo.cluster.regime;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.hbaseturbo.common.InvalidInputException;

/**
 * One RegionServer's cgroup v1 groups: a memory group, and a block I/O group where its disk is throttled. The JVM
 * joins them through {@link #wrapper()} before its first instruction, so everything it allocates or reads is
 * charged to them. Groups are named after the launcher's process, so that a later launcher can tell a dead one's
 * groups ({@link #removeStale}).
 */
public final class CgroupV1Group implements Closeable {
  /** Where the cgroup v1 controllers are mounted, one directory each, on these machines. */
  public static final Path ROOT = Path.of("/sys/fs/cgroup");
  /** A group's whole name, with its launcher's process id. */
  private static final Pattern NAME = Pattern.compile("^turbo-rs[0-9]+-([0-9]+)$");
  private final Path memory;
  private final Optional<Path> blkio;

  private CgroupV1Group(Path memory, Optional<Path> blkio) {
    this.memory = memory;
    this.blkio = blkio;
  }

  /** The name of RegionServer {@code index}'s groups under the launcher whose process id is {@code launcherPid}. */
  public static String name(int index, long launcherPid) {
    return "turbo-rs" + index + "-" + launcherPid;
  }

  /**
   * Makes the groups, with their limits. Swapping is off in the memory group: a node that ran out of memory would
   * page, not carry on at the host's swap.
   *
   * @param device the throttled disk ({@link BlockDevice}), where {@code confinement} has rates
   */
  public static CgroupV1Group create(Path root, String name, ServerConfinement confinement, Optional<String> device)
      throws IOException {
    Path memory = makeGroup(root.resolve("memory").resolve(name));
    Optional<Path> blkio = Optional.empty();
    try {
      Files.writeString(memory.resolve("memory.limit_in_bytes"), Long.toString(confinement.memoryBytes()));
      Files.writeString(memory.resolve("memory.swappiness"), "0");
      if (confinement.disk().isPresent()) {
        blkio = Optional.of(makeGroup(root.resolve("blkio").resolve(name)));
        ServerConfinement.DiskRates rates = confinement.disk().get();
        String disk = device.orElseThrow(() -> new IllegalArgumentException("disk rates without a device"));
        for (String way : List.of("read", "write")) {
          Files.writeString(blkio.get().resolve("blkio.throttle." + way + "_bps_device"),
              disk + " " + rates.bytesPerSecond());
          Files.writeString(blkio.get().resolve("blkio.throttle." + way + "_iops_device"),
              disk + " " + rates.operationsPerSecond());
        }
      }
      return new CgroupV1Group(memory, blkio);
    } catch (IOException | RuntimeException e) {
      new CgroupV1Group(memory, blkio).close();
      throw e;
    }
  }

  private static Path makeGroup(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      throw new IOException("cgroup " + dir + " exists already: another launcher of this process id holds it");
    }
    return Files.createDirectory(dir);
  }

  /**
   * @throws InvalidInputException when this process cannot make groups under {@code root}: not root, or the memory
   *     (and, for a disk, the block I/O) controller of cgroup v1 not mounted there
   */
  public static void requireUsable(Path root, boolean disk, String option) {
    List<String> controllers = disk ? List.of("memory", "blkio") : List.of("memory");
    for (String controller : controllers) {
      Path procs = root.resolve(controller).resolve("cgroup.procs");
      if (!Files.isWritable(procs)) {
        throw new InvalidInputException(option + " confines each RegionServer with the cgroup v1 " + controller
            + " controller, which this process cannot use: " + procs + " is " + (Files.exists(procs)
                ? "not writable (run as root)" : "missing (the controller is not mounted at " + root + ")"));
      }
    }
  }

  /**
   * Removes the groups of launchers that are gone, which a launcher killed before its stop leaves behind. A group
   * that still holds processes (a RegionServer that outlived its launcher) stays, with a WARN.
   */
  public static void removeStale(Path root) throws IOException {
    for (String controller : List.of("memory", "blkio")) {
      Path dir = root.resolve(controller);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      List<Path> stale;
      try (Stream<Path> groups = Files.list(dir)) {
        stale = groups.filter(group -> CgroupDirectories.ofLauncherGone(NAME.matcher(group.getFileName().toString())))
            .toList();
      }
      for (Path group : stale) {
        CgroupDirectories.removeStale(group);
      }
    }
  }

  /**
   * The words a RegionServer's JVM runs under: a shell that moves itself into the groups and then becomes the JVM
   * (its process id stays), so that nothing of the JVM runs outside them.
   */
  public List<String> wrapper() {
    return CgroupDirectories.joining(groups(), "turbo-confined");
  }

  /** The most memory the group held at once, page cache included, since it was made. */
  public long peakMemoryBytes() {
    return readLong(memory.resolve("memory.max_usage_in_bytes"));
  }

  /** How often the group reached its memory limit: the kernel then reclaimed its page cache, or swapped. */
  public long memoryLimitHits() {
    return readLong(memory.resolve("memory.failcnt"));
  }

  /**
   * Bytes read from its disks, as the throttle counts them: what it read past the page cache, readahead included, since
   * it was made; 0 where its disk is not throttled.
   */
  public long diskReadBytes() {
    return blkio.map(group -> readsIn(group.resolve("blkio.throttle.io_service_bytes"))).orElse(0L);
  }

  /** Reads it made of its disks, as the throttle counts them ({@link #diskReadBytes}). */
  public long diskReadOperations() {
    return blkio.map(group -> readsIn(group.resolve("blkio.throttle.io_serviced"))).orElse(0L);
  }

  /** The page cache charged to it now: the files its processes read or wrote that its memory still holds. */
  public long pageCacheBytes() {
    return memoryStatistic("total_cache");
  }

  /** The memory its processes hold now beside the page cache: a JVM's heap pages it has touched, and the rest. */
  public long anonymousBytes() {
    return memoryStatistic("total_rss");
  }

  private long memoryStatistic(String name) {
    try (Stream<String> lines = Files.lines(memory.resolve("memory.stat"))) {
      return lines.filter(line -> line.startsWith(name + " ")).mapToLong(line -> Long.parseLong(line.substring(
          name.length() + 1).trim())).findFirst().orElseThrow(() -> new IllegalStateException(memory
              + "/memory.stat has no " + name));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The sum of a blkio statistic's "Read" lines, one per device: {@code 254:0 Read 134930432}. */
  private static long readsIn(Path statistic) {
    try (Stream<String> lines = Files.lines(statistic)) {
      return lines.map(line -> line.split(" ")).filter(words -> words.length == 3 && words[1].equals("Read"))
          .mapToLong(words -> Long.parseLong(words[2])).sum();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Removes the groups once the processes in them have exited (a group with processes cannot be removed), waiting
   * a bounded time for that.
   */
  @Override
  public void close() throws IOException {
    for (Path group : groups()) {
      CgroupDirectories.removeOnceEmpty(group);
    }
  }

  private List<Path> groups() {
    List<Path> groups = new ArrayList<>(List.of(memory));
    blkio.ifPresent(groups::add);
    return groups;
  }

  private static long readLong(Path file) {
    try {
      return Long.parseLong(Files.readString(file).trim());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
