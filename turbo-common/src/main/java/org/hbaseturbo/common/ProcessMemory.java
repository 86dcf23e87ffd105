package org.hbaseturbo.common;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;

/** Memory of this JVM process and its host, as the operating system accounts it. */
public final class ProcessMemory {
  private static final Path STATUS = Path.of("/proc/self/status");
  private static final Path MEMINFO = Path.of("/proc/meminfo");

  private ProcessMemory() {
  }

  /**
   * The memory this JVM's machine has: the host's physical memory or, in a memory group or container whose limit
   * is smaller, that limit (the JVM reads cgroup v1 and v2 limits).
   */
  public static long hostBytes() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getTotalMemorySize();
  }

  /**
   * Whether {@link #hostBytes()} is a limit of this JVM's own, smaller than the physical memory the kernel reports
   * ({@code MemTotal} in {@code /proc/meminfo}); false where the OS has no {@code /proc}.
   */
  public static boolean limitedBelowHost() {
    try {
      for (String line : Files.readAllLines(MEMINFO)) {
        // "MemTotal:       24684092 kB"
        if (line.startsWith("MemTotal:")) {
          String[] fields = line.substring("MemTotal:".length()).trim().split("\\s+");
          return hostBytes() < Long.parseLong(fields[0]) * 1024;
        }
      }
    } catch (IOException | RuntimeException notLinux) {
      // Only the OS can tell.
    }
    return false;
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
