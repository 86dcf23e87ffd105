package org.hbaseturbo.client.stats;

/**
 * Counters summed over the distinct RegionServer processes of a cluster at one instant. Subtract two
 * readings taken around a benchmark phase to get what the phase cost the servers.
 *
 * @param processes distinct RegionServer JVMs that answered
 * @param cpuNanos CPU time of those processes, all threads, as the OS accounts it
 * @param rpcReceivedBytes bytes the RegionServers' RPC servers read from clients
 * @param rpcSentBytes bytes the RegionServers' RPC servers wrote to clients
 */
public record ServerCounters(int processes, long cpuNanos, long rpcReceivedBytes, long rpcSentBytes) {

  /** What happened between {@code earlier} and this reading. */
  public ServerCounters minus(ServerCounters earlier) {
    if (earlier.processes != processes) {
      // A RegionServer that restarted in between resets its counters: a difference would be meaningless.
      throw new IllegalStateException("RegionServer processes changed from " + earlier.processes + " to "
          + processes + " between two readings");
    }
    return new ServerCounters(processes, cpuNanos - earlier.cpuNanos,
        rpcReceivedBytes - earlier.rpcReceivedBytes, rpcSentBytes - earlier.rpcSentBytes);
  }

  public long rpcBytes() {
    return rpcReceivedBytes + rpcSentBytes;
  }
}
