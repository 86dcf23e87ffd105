package org.hbaseturbo.common;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/** Memory of this JVM process and its host, as the operating system accounts it. */
public final class ProcessMemory {
  private static final Path STATUS = Path.of("/proc/self/status");

  private ProcessMemory() {
  }

  /** This host's physical memory. */
  public static long hostBytes() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getTotalMemorySize();
  }

  /**
   * The resident set: pages in RAM, heap and everything else the JVM holds (metaspace, thread stacks, direct
   * buffers, code cache); empty where the OS has no {@code /proc} (not Linux).
   */
  public static OptionalLong residentBytes() {
    try {
      for (String line : Files.readAllLines(STATUS)) {
        // "VmRSS:\t  123456 kB" (a tab after the colon)
        if (line.startsWith("VmRSS:")) {
          String[] fields = line.substring("VmRSS:".length()).trim().split("\\s+");
          return OptionalLong.of(Long.parseLong(fields[0]) * 1024);
        }
      }
    } catch (IOException | RuntimeException notLinux) {
      // Only the OS can tell; without /proc there is no answer rather than a guess.
    }
    return OptionalLong.empty();
  }
}
