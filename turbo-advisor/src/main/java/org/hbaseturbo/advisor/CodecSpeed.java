package org.hbaseturbo.advisor;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.hbaseturbo.compress.CodecCheck;
import org.hbaseturbo.compress.TurboCodecs;

/**
 * A codec alone on HFile-sized blocks of real cells: the cells serialised as an unencoded data block holds
 * them (KeyValues), cut where HBase's writer cuts blocks (once a block reaches the block size), then each
 * block compressed and decompressed through HBase's compression API.
 *
 * @param codec the name the measurement is reported under
 * @param codecClass the codec class that served {@code algorithm} ("" for NONE)
 * @param rawBytes the blocks' bytes before compression
 * @param compressedBytes their bytes after
 * @param compressMBps raw megabytes compressed per second, median of the measured repeats
 * @param decompressMBps raw megabytes restored per second, median of the measured repeats
 */
public record CodecSpeed(String codec, Algorithm algorithm, String codecClass, long rawBytes, long compressedBytes,
    double compressMBps, double decompressMBps) {
  public double ratio() {
    return compressedBytes == 0 ? 0 : (double) rawBytes / compressedBytes;
  }

  /**
   * A codec to measure: HBase's {@code algorithm} served by {@code codecClass}.
   *
   * @param name the name to report it under
   */
  public record Subject(String name, Algorithm algorithm, String codecClass) {
    /** The algorithm as Turbo serves it ({@link TurboCodecs}), under the algorithm's name. */
    public static Subject turbo(Algorithm algorithm) {
      return new Subject(algorithm.name(), algorithm, TurboCodecs.codecs().get(algorithm));
    }

    /** Whether the codec works in this JVM (a native one may lack its library). */
    public CodecCheck.Result check() {
      try {
        select();
        return CodecCheck.check(algorithm);
      } finally {
        TurboCodecs.install();
      }
    }

    /** Makes HBase's {@code algorithm} use this subject's codec class in this JVM. */
    private void select() {
      Configuration conf = TurboCodecs.configure(new Configuration());
      if (algorithm != Algorithm.NONE) {
        conf.set(TurboCodecs.codecKey(algorithm), codecClass);
      }
      algorithm.reload(conf);
    }
  }

  /**
   * The subjects side by side: every pass compresses and decompresses all blocks with each subject in turn, so
   * that a busy moment on a shared machine slows every codec of that pass instead of all passes of one codec.
   * Untimed passes of the same kind come first, as long as {@code warmUp} says, so that the speeds are those of
   * compiled code, as a long-running RegionServer sees them. HBase's algorithms are switched to each subject's
   * codec class in turn, then left on the Turbo codecs.
   *
   * @param cells in HFile order
   * @param repeats timed passes
   * @param warmUp the untimed passes before them ({@link WarmUp#DEFAULT} for a real measurement)
   * @return by subject name, in the subjects' order
   */
  public static Map<String, CodecSpeed> measure(List<Cell> cells, int blockSize, List<Subject> subjects,
      int repeats, WarmUp warmUp) throws IOException {
    if (repeats < 1) {
      throw new IllegalArgumentException("repeats must be at least 1, was " + repeats);
    }
    List<byte[]> blocks = blocks(cells, blockSize);
    long raw = blocks.stream().mapToLong(block -> block.length).sum();
    double[][] compressNanos = new double[subjects.size()][repeats];
    double[][] decompressNanos = new double[subjects.size()][repeats];
    long[] compressed = new long[subjects.size()];
    try {
      warmUp.run(number -> {
        for (Subject subject : subjects) {
          pass(subject, blocks);
        }
      });
      for (int pass = 0; pass < repeats; pass++) {
        for (int s = 0; s < subjects.size(); s++) {
          Pass measured = pass(subjects.get(s), blocks);
          compressed[s] = measured.compressedBytes();
          compressNanos[s][pass] = measured.compressNanos();
          decompressNanos[s][pass] = measured.decompressNanos();
        }
      }
    } finally {
      TurboCodecs.install();
    }
    Map<String, CodecSpeed> speeds = new LinkedHashMap<>();
    for (int s = 0; s < subjects.size(); s++) {
      Subject subject = subjects.get(s);
      // bytes per nanosecond times 1000 is megabytes per second
      speeds.put(subject.name(), new CodecSpeed(subject.name(), subject.algorithm(), subject.codecClass(), raw,
          compressed[s], raw * 1e3 / UpperMedian.of(compressNanos[s]),
          raw * 1e3 / UpperMedian.of(decompressNanos[s])));
    }
    return speeds;
  }

  private record Pass(long compressedBytes, long compressNanos, long decompressNanos) {
  }

  /** All blocks compressed, then decompressed, with {@code subject}'s codec. */
  private static Pass pass(Subject subject, List<byte[]> blocks) throws IOException {
    subject.select();
    Algorithm algorithm = subject.algorithm();
    List<byte[]> outputs = new ArrayList<>(blocks.size());
    long start = System.nanoTime();
    for (byte[] block : blocks) {
      outputs.add(CodecCheck.compress(algorithm, block));
    }
    long compressTime = System.nanoTime() - start;
    start = System.nanoTime();
    for (int i = 0; i < blocks.size(); i++) {
      byte[] restored = CodecCheck.decompress(algorithm, outputs.get(i), blocks.get(i).length);
      if (restored.length != blocks.get(i).length) {
        throw new IOException(algorithm + " restored " + restored.length + " bytes of a " + blocks.get(i).length
            + "-byte block");
      }
    }
    return new Pass(outputs.stream().mapToLong(output -> output.length).sum(), compressTime,
        System.nanoTime() - start);
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
}
