package org.hbaseturbo.server.fastpath;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.stream.Stream;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.hbaseturbo.common.KernelSetting;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps new fast-path sessions off a RegionServer whose memory mappings near the kernel's bound
 * ({@code vm.max_map_count}). Each UCX endpoint a client makes over shared memory maps that client worker's two
 * segments into the server, and UCX frees the endpoint of a closed connection only once the client's process has
 * ended: a client that opens and closes connections all day adds two mappings per connection. A JVM at the bound can
 * start no thread and grow no heap, and HBase aborts on such errors; refused a session, a client uses RPC. A client
 * makes endpoints only under a session it holds, so refusing sessions stops their growth within a session's lifetime.
 */
final class MapHeadroom {
  private static final Logger LOG = LoggerFactory.getLogger(MapHeadroom.class);
  /** New sessions are refused from this share of the bound on: room for the JVM's own growth and HBase's. */
  static final double REFUSE_AT = 0.8;
  private static final Path MAPS = Path.of("/proc/self/maps");

  /**
   * How long a count stands: a RegionServer's maps run to thousands of lines, and clients that start together open
   * hundreds of sessions at once.
   */
  private static final long COUNT_NANOS = TimeUnit.SECONDS.toNanos(1);

  private final LongSupplier mappings;
  private final long bound;
  private volatile boolean refusing;
  private volatile long counted;
  private volatile long countedAtNanos;

  /**
   * @param mappings counts the process's memory mappings now
   * @param bound the kernel's bound on them
   */
  MapHeadroom(LongSupplier mappings, long bound) {
    this.mappings = mappings;
    this.bound = bound;
    this.countedAtNanos = System.nanoTime() - COUNT_NANOS;
  }

  /**
   * This process's: its count of {@code /proc/self/maps} against {@code vm.max_map_count}, where Linux tells both;
   * elsewhere one that never refuses (nothing to guard). Never throws: it is made with the fast path's coprocessor,
   * and a coprocessor that fails there aborts the RegionServer.
   */
  static MapHeadroom ofThisProcess() {
    OptionalLong bound = kernelBound();
    return bound.isPresent() ? new MapHeadroom(MapHeadroom::processMappings, bound.getAsLong())
        : new MapHeadroom(() -> 0, Long.MAX_VALUE);
  }

  /** The bound on this process's mappings, where Linux tells them and it; empty elsewhere. Never throws. */
  static OptionalLong kernelBound() {
    try {
      return Files.isReadable(MAPS) ? OptionalLong.of(Long.parseLong(KernelSetting.read("vm/max_map_count")))
          : OptionalLong.empty();
    } catch (IOException | RuntimeException unreadable) {
      return OptionalLong.empty();
    }
  }

  /** The mappings of this process, from {@code /proc/self/maps}: one line each; 0 where they cannot be read. */
  static long processMappings() {
    try (Stream<String> lines = Files.lines(MAPS)) {
      return lines.count();
    } catch (IOException | UncheckedIOException unreadable) {
      // Readable when the server started: a session refused for a count that failed would be a guess.
      return 0;
    }
  }

  /**
   * @throws DoNotRetryIOException when the process maps {@link #REFUSE_AT} of the bound or more, naming both; the first
   *     refusal after a time without one is logged as a WARN, and so is the end of the refusals
   */
  void requireRoom() throws DoNotRetryIOException {
    long now = counted;
    if (System.nanoTime() - countedAtNanos >= COUNT_NANOS) {
      counted = now = mappings.getAsLong();
      countedAtNanos = System.nanoTime();
    }
    long refuseFrom = (long) (bound * REFUSE_AT);
    boolean full = now >= refuseFrom;
    if (full != refusing) {
      refusing = full;
      if (full) {
        LOG.warn("this RegionServer maps {} memory areas, {}% of the kernel's bound (vm.max_map_count {}): new"
            + " fast-path sessions are refused, and clients use RPC, until it maps fewer than {}. Closed client"
            + " connections leave their UCX endpoints (2 mappings each) until the client process ends: clients"
            + " should keep their connections (docs/operating.md, What a session costs)", now,
            Math.round(100.0 * now / bound), bound, refuseFrom);
      } else {
        LOG.warn("this RegionServer maps {} memory areas, under {} (vm.max_map_count {}): fast-path sessions are"
            + " opened again", now, refuseFrom, bound);
      }
    }
    if (full) {
      throw new DoNotRetryIOException("this RegionServer maps " + now + " memory areas of the kernel's " + bound
          + " (vm.max_map_count): no new fast-path session until it maps fewer than " + refuseFrom
          + "; use RPC");
    }
  }
}
