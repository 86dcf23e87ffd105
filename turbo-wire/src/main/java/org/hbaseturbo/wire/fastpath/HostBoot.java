package org.hbaseturbo.wire.fastpath;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * This host's boot, as Linux names it: two processes that see the same id read the same {@code CLOCK_MONOTONIC}
 * ({@code System.nanoTime}), unless a time namespace sets one apart, which the fast path's clock reading also checks.
 */
public final class HostBoot {
  private static final String ID = read();

  private HostBoot() {
  }

  /** The boot id; empty where the kernel does not say (then no other process counts as on this boot). */
  public static String id() {
    return ID;
  }

  private static String read() {
    try {
      return Files.readString(Path.of("/proc/sys/kernel/random/boot_id")).trim();
    } catch (IOException | RuntimeException e) {
      return "";
    }
  }
}
