package org.hbaseturbo.cluster.regime;

import java.util.Optional;
import org.hbaseturbo.common.InvalidInputException;

/**
 * What one RegionServer may use, as if it ran on a node of its own: its memory (the JVM's heap, the rest of the JVM,
 * and the page cache its reads and writes fill, which the cgroup v1 memory controller charges to it) and, where
 * given, its disk's rates.
 *
 * @param memoryBytes the node's memory
 * @param disk the node's disk rates; none where the disk is as fast as the host's
 */
public record ServerConfinement(long memoryBytes, Optional<DiskRates> disk) {
  /**
   * What a RegionServer JVM takes beside its heap (metaspace, code cache, thread stacks, direct buffers), measured
   * at about 300 MiB for a 1 GiB heap on these machines; a limit that leaves less than this kills the JVM.
   */
  public static final long JVM_BESIDE_HEAP_BYTES = 384L << 20;

  /**
   * A disk's rates, each way, as the block I/O controller throttles them.
   *
   * @param bytesPerSecond reads, and writes, per second
   * @param operationsPerSecond read, and write, operations per second
   */
  public record DiskRates(long bytesPerSecond, int operationsPerSecond) {
  }

  /**
   * @throws InvalidInputException when a RegionServer of {@code heapBytes} would not fit, with room for the rest of
   *     its JVM
   */
  public void requireRoomFor(long heapBytes, String heapOption, String memoryOption) {
    if (heapBytes + JVM_BESIDE_HEAP_BYTES > memoryBytes) {
      throw new InvalidInputException("a RegionServer heap of " + (heapBytes >> 20) + " MiB (" + heapOption
          + ") leaves less than the " + (JVM_BESIDE_HEAP_BYTES >> 20) + " MiB the rest of its JVM needs in a node"
          + " of " + (memoryBytes >> 20) + " MiB (" + memoryOption + "); give a smaller heap or more memory");
    }
  }
}
