package org.hbaseturbo.compress;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;

/**
 * A codec alone on HFile-sized blocks of real cells: the cells serialised as an unencoded data block holds
 * them (KeyValues), cut where HBase's writer cuts blocks (once a block reaches the block size), then each
 * block compressed and decompressed through HBase's compression API.
 *
 * @param rawBytes the blocks' bytes before compression
 * @param compressedBytes their bytes after
 * @param compressMBps raw megabytes compressed per second, median of the repeats (after one unmeasured)
 * @param decompressMBps raw megabytes restored per second, median of the repeats
 */
public record CodecSpeed(Algorithm algorithm, long rawBytes, long compressedBytes, double compressMBps,
    double decompressMBps) {

  public double ratio() {
    return compressedBytes == 0 ? 0 : (double) rawBytes / compressedBytes;
  }

  /** @param cells in HFile order */
  public static CodecSpeed measure(List<Cell> cells, int blockSize, Algorithm algorithm, int repeats)
      throws IOException {
    List<byte[]> blocks = blocks(cells, blockSize);
    long raw = blocks.stream().mapToLong(block -> block.length).sum();
    long[] compressNanos = new long[repeats];
    long[] decompressNanos = new long[repeats];
    long compressed = 0;
    // Repeat -1 warms the JIT up and is not counted.
    for (int repeat = -1; repeat < repeats; repeat++) {
      List<byte[]> outputs = new ArrayList<>(blocks.size());
      long start = System.nanoTime();
      for (byte[] block : blocks) {
        outputs.add(CodecCheck.compress(algorithm, block));
      }
      long compressTime = System.nanoTime() - start;
      compressed = outputs.stream().mapToLong(output -> output.length).sum();
      start = System.nanoTime();
      for (int i = 0; i < blocks.size(); i++) {
        byte[] restored = CodecCheck.decompress(algorithm, outputs.get(i), blocks.get(i).length);
        if (restored.length != blocks.get(i).length) {
          throw new IOException(algorithm + " restored " + restored.length + " bytes of a " + blocks.get(i).length
              + "-byte block");
        }
      }
      if (repeat >= 0) {
        compressNanos[repeat] = compressTime;
        decompressNanos[repeat] = System.nanoTime() - start;
      }
    }
    // bytes per nanosecond times 1000 is megabytes per second
    return new CodecSpeed(algorithm, raw, compressed, raw * 1e3 / median(compressNanos),
        raw * 1e3 / median(decompressNanos));
  }

  private static List<byte[]> blocks(List<Cell> cells, int blockSize) {
    List<byte[]> blocks = new ArrayList<>();
    ByteArrayOutputStream block = new ByteArrayOutputStream(blockSize + 1024);
    for (Cell cell : cells) {
      byte[] keyValue = KeyValueUtil.copyToNewByteArray(cell);
      block.write(keyValue, 0, keyValue.length);
      if (block.size() >= blockSize) {
        blocks.add(block.toByteArray());
        block.reset();
      }
    }
    if (block.size() > 0) {
      blocks.add(block.toByteArray());
    }
    return blocks;
  }

  private static double median(long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }
}
