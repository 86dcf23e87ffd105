package org.hbaseturbo.bench.pcm;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * This host's CPU time as its kernel counts it, all CPUs together: the first line of {@code /proc/stat}. On a virtual
 * machine its steal is the time the hypervisor ran something else while this host's CPUs had work: a host whose
 * steal moves from minute to minute runs the same work at another speed (results/pcm/calibrate-disk-wrapup-2026-12-06,
 * 0-15% a minute), which a benchmark of runs minutes apart must be able to tell from what it measures.
 *
 * @param totalTicks every state's time (user, nice, system, idle, iowait, irq, softirq, steal), in the kernel's ticks
 * @param stealTicks the steal's
 */
record HostCpu(long totalTicks, long stealTicks) {
  private static final Path PROC_STAT = Path.of("/proc/stat");
  /** The states of the line that add up to its time; guest time is counted in user time already. */
  private static final int STATES = 8;
  private static final int STEAL = 7;

  /** This host now; empty where the kernel does not tell (not Linux). */
  static Optional<HostCpu> now() {
    return read(PROC_STAT);
  }

  /** The reading {@code file} holds, a {@code /proc/stat}; empty where it holds none. */
  static Optional<HostCpu> read(Path file) {
    try (BufferedReader reader = Files.newBufferedReader(file)) {
      String line = reader.readLine();
      if (line == null || !line.startsWith("cpu ")) {
        return Optional.empty();
      }
      String[] fields = line.substring(4).trim().split("\\s+");
      long total = 0;
      for (int i = 0; i < Math.min(STATES, fields.length); i++) {
        total += Long.parseLong(fields[i]);
      }
      // Kernels before 2.6.11 have no steal field: nothing was stolen that they could tell.
      return Optional.of(new HostCpu(total, fields.length > STEAL ? Long.parseLong(fields[STEAL]) : 0));
    } catch (IOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** The share of this host's CPU time its hypervisor took since {@code earlier}, in percent; null if none passed. */
  Double stealPercentSince(HostCpu earlier) {
    long total = totalTicks - earlier.totalTicks;
    return total <= 0 ? null : 100.0 * (stealTicks - earlier.stealTicks) / total;
  }
}
