package org.hbaseturbo.client.stats;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Counters summed over the distinct RegionServer processes of a cluster at one instant, and what each process
 * used. Subtract two readings taken around a benchmark phase to get what the phase cost the servers.
 *
 * @param cpuNanos CPU time of those processes, all threads, as the OS accounts it
 * @param rpcReceivedBytes bytes the RegionServers' RPC servers read from clients
 * @param rpcSentBytes bytes the RegionServers' RPC servers wrote to clients
 * @param fastPathBytes bytes the RegionServers' fast paths received and sent (0 where none is loaded)
 * @param byProcess each distinct RegionServer JVM that answered
 */
public record ServerCounters(long cpuNanos, long rpcReceivedBytes, long rpcSentBytes, long fastPathBytes,
    List<ProcessUsage> byProcess) {

  /** Distinct RegionServer JVMs that answered. */
  public int processes() {
    return byProcess.size();
  }

  /**
   * Whether {@code earlier} read the same RegionServer processes: a RegionServer that restarted in between resets
   * its counters, and a difference would be meaningless.
   */
  public boolean sameProcesses(ServerCounters earlier) {
    return processIds().equals(earlier.processIds());
  }

  private Set<String> processIds() {
    return byProcess.stream().map(ProcessUsage::processId).collect(Collectors.toSet());
  }

  /**
   * What happened between {@code earlier} and this reading.
   *
   * @throws IllegalStateException unless {@link #sameProcesses}
   */
  public ServerCounters minus(ServerCounters earlier) {
    if (!sameProcesses(earlier)) {
      throw new IllegalStateException("RegionServer processes changed between two readings, from "
          + earlier.processIds() + " to " + processIds());
    }
    Map<String, ProcessUsage> before = earlier.byProcess.stream()
        .collect(Collectors.toMap(ProcessUsage::processId, Function.identity()));
    return new ServerCounters(cpuNanos - earlier.cpuNanos, rpcReceivedBytes - earlier.rpcReceivedBytes,
        rpcSentBytes - earlier.rpcSentBytes, fastPathBytes - earlier.fastPathBytes,
        byProcess.stream().map(process -> process.since(before.get(process.processId()))).toList());
  }

  /** Milliseconds the processes' JIT compilers spent compiling, summed; empty where any of them does not tell. */
  public OptionalLong jitCompileMillis() {
    long sum = 0;
    for (ProcessUsage process : byProcess) {
      if (process.jitCompileMillis() == null) {
        return OptionalLong.empty();
      }
      sum += process.jitCompileMillis();
    }
    return OptionalLong.of(sum);
  }

  public long rpcBytes() {
    return rpcReceivedBytes + rpcSentBytes;
  }

  /** Bytes of requests and replies both ways, over RPC and over the fast path. */
  public long bytes() {
    return rpcBytes() + fastPathBytes;
  }
}
