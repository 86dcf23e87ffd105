package org.hbaseturbo.client.stats;

import java.util.List;

/**
 * What one RegionServer JVM used, as its operating system and JVM account it.
 *
 * @param processId host name, pid and JVM start time
 * @param regionServers the RegionServers this JVM runs (several in an embedded cluster, one in a process cluster)
 * @param cpuNanos CPU time of the process, all threads (a difference, after {@link ServerCounters#minus})
 * @param residentBytes its resident set at the reading; null where the OS does not tell (not Linux)
 * @param heapUsedBytes heap in use at the reading
 * @param heapMaxBytes the maximum heap ({@code -Xmx})
 * @param jitCompileMillis time its JIT compilers spent compiling (a difference, after {@link ServerCounters#minus});
 *     null where the JVM does not tell, or the server jar is older than this field
 */
public record ProcessUsage(String processId, List<String> regionServers, long cpuNanos, Long residentBytes,
    long heapUsedBytes, long heapMaxBytes, Long jitCompileMillis) {

  /**
   * One line for a user: "RegionServer JVM host,port,code: CPU 4.0 s (JIT compilers busy 0.3 s), resident 268 MiB,
   * heap 80 of 1,024 MiB used".
   */
  public String summary() {
    return String.format("RegionServer JVM %s: CPU %.1f s%s, resident %s, heap %,d of %,d MiB used",
        String.join(" ", regionServers), cpuNanos / 1e9,
        jitCompileMillis == null ? "" : String.format(" (JIT compilers busy %.1f s)", jitCompileMillis / 1e3),
        residentBytes == null ? "unknown" : String.format("%,d MiB", residentBytes >> 20), heapUsedBytes >> 20,
        heapMaxBytes >> 20);
  }

  /**
   * The CPU and compiling this process spent since {@code earlier}; memory as at this reading, since it is a level.
   */
  ProcessUsage since(ProcessUsage earlier) {
    Long compiled = jitCompileMillis == null || earlier.jitCompileMillis == null ? null
        : jitCompileMillis - earlier.jitCompileMillis;
    return new ProcessUsage(processId, regionServers, cpuNanos - earlier.cpuNanos, residentBytes, heapUsedBytes,
        heapMaxBytes, compiled);
  }
}
