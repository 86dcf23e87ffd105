package org.hbaseturbo.wire.codec;

import java.util.concurrent.atomic.LongAdder;

/**
 * The compact cellblocks this JVM encoded and decoded, and their bytes, since it started: a RegionServer publishes
 * them as metrics (its decoded blocks are the requests it received, its encoded ones the replies it sent). One
 * {@link LongAdder} add per cellblock and per figure, never per cell, so that counting costs nothing next to
 * encoding. Clients count too, and nothing reads their counts.
 */
public final class CompactCellCounters {
  private static final LongAdder ENCODED_BLOCKS = new LongAdder();
  private static final LongAdder ENCODED_BYTES = new LongAdder();
  private static final LongAdder DECODED_BLOCKS = new LongAdder();
  private static final LongAdder DECODED_BYTES = new LongAdder();

  private CompactCellCounters() {
  }

  static void encoded(long bytes) {
    ENCODED_BLOCKS.increment();
    ENCODED_BYTES.add(bytes);
  }

  static void decoded(long bytes) {
    DECODED_BLOCKS.increment();
    DECODED_BYTES.add(bytes);
  }

  /** This JVM's counts at this instant. */
  public static Counts counts() {
    return new Counts(ENCODED_BLOCKS.sum(), ENCODED_BYTES.sum(), DECODED_BLOCKS.sum(), DECODED_BYTES.sum());
  }

  /**
   * @param encodedBlocks cellblocks written by a {@link CompactCellCodec} encoder, each counted when flushed
   * @param encodedBytes their bytes, before any cellblock compression
   * @param decodedBlocks cellblocks a decoder opened, whether or not they decoded in full
   * @param decodedBytes their bytes, after any cellblock decompression
   */
  public record Counts(long encodedBlocks, long encodedBytes, long decodedBlocks, long decodedBytes) {
  }
}
