package org.hbaseturbo.common;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** A kernel setting of {@code /proc/sys}, such as {@code vm.max_map_count}. */
public final class KernelSetting {
  private KernelSetting() {
  }

  /**
   * The setting's value, its first line stripped. Read in one call: the kernel gives a numeric setting only to a read
   * from its start, and {@code Files.readString}, which trusts the file's size (0 in {@code /proc}), reads one byte
   * first, then nothing ("6" of vm.max_map_count's "65530").
   *
   * @param name the setting's path under {@code /proc/sys}, as {@code vm/max_map_count}
   * @throws IOException when it cannot be read (no such setting, not Linux)
   */
  public static String read(String name) throws IOException {
    try (BufferedReader in = Files.newBufferedReader(Path.of("/proc/sys", name), StandardCharsets.US_ASCII)) {
      String line = in.readLine();
      if (line == null) {
        throw new IOException("/proc/sys/" + name + " is empty");
      }
      return line.strip();
    }
  }
}
