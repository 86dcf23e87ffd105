package org.hbaseturbo.cluster.regime;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hbaseturbo.common.InvalidInputException;

/**
 * The disk a directory is on, as the block I/O controller names it ("major:minor" of the whole disk: it throttles
 * disks, not their partitions).
 */
public final class BlockDevice {
  private static final Path MOUNTS = Path.of("/proc/self/mountinfo");
  private static final Path DEVICES = Path.of("/sys/dev/block");

  private BlockDevice() {
  }

  /**
   * @throws InvalidInputException when {@code dir} is on no disk (tmpfs, overlay): nothing to throttle there
   */
  public static String of(Path dir, String option) throws IOException {
    String device = mountDevice(existingAncestor(dir).toRealPath(), Files.readAllLines(MOUNTS));
    if (device.startsWith("0:")) {
      throw new InvalidInputException(option + " " + dir + " is on a file system without a disk (device " + device
          + ": tmpfs or the like), whose rates cannot be limited; give a directory on a disk");
    }
    Path partition = DEVICES.resolve(device);
    if (Files.exists(partition.resolve("partition"))) {
      return Files.readString(partition.toRealPath().getParent().resolve("dev")).trim();
    }
    return device;
  }

  /**
   * The directory itself, or, for one not made yet, its nearest ancestor that is: the one whose file system it will
   * be made on.
   */
  private static Path existingAncestor(Path dir) {
    Path existing = dir.toAbsolutePath().normalize();
    while (!Files.exists(existing) && existing.getParent() != null) {
      existing = existing.getParent();
    }
    return existing;
  }

  /**
   * The device ("major:minor", field 3 of a mountinfo line) of the mount whose point is the longest prefix of
   * {@code path}, the last one mounted there: the one the path's files are on.
   */
  static String mountDevice(Path path, List<String> mountInfo) {
    String device = null;
    int longest = -1;
    for (String line : mountInfo) {
      String[] fields = line.split(" ");
      Path point = Path.of(fields[4].replace("\\040", " "));
      if (path.startsWith(point) && point.getNameCount() >= longest) {
        longest = point.getNameCount();
        device = fields[2];
      }
    }
    if (device == null) {
      throw new IllegalStateException("no mount holds " + path);
    }
    return device;
  }
}
