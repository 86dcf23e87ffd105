package org.hbaseturbo.advisor;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Consumer;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;

/**
 * Measures storage options by writing the sample as real HFiles (HBase's writer: blocks of the family's size,
 * encoded, then compressed) on the local file system and reading them back with HBase's reader.
 *
 * <p>Options are measured side by side, as {@link org.hbaseturbo.advisor.CodecSpeed} measures codecs: every pass
 * writes and reads each option once, in turn, so that a busy moment on a shared machine slows every option of
 * that pass rather than all repeats of one; and untimed passes come first, as long as the {@link WarmUp} says, so
 * that no option is timed while the JIT is still compiling the encoders and codecs.
 *
 * <p>Each timed pass takes the options in a different order. In one fixed order a disturbance that recurs at about
 * the period of a pass (a chore of a RegionServer sharing the JVM, as the embedded cluster's do, or any other timer
 * on the machine) slows the same option in every pass, and the median keeps it: the benchmark of the advisor saw
 * single options read at half their speed on the sample and not on the table, in every pass.
 *
 * <p>A pass times one write and one read of each option, and a trial is the median pass: more passes rather than
 * runs repeated within a pass, so that a disturbance lasting a second or so hits one pass of an option, which the
 * median leaves out, rather than all the runs that make up one of its figures.
 *
 * <p>Times are the measuring thread's CPU time, not the wall clock's. Writing and reading an HFile on the local file
 * system runs wholly in the calling thread (the page cache copy included, as system time), so its CPU time is the
 * option's cost; the wall clock adds every moment another thread held the core, which on a 2-core machine running
 * anything else is often. Speeds are therefore those of one core given to the work. {@link TrialsJvm} runs this in
 * a JVM of its own, for what CPU time does not leave out, and {@link CodecAdvisor} in several ({@link TrialPlan}),
 * for what one JVM's JIT makes of the code.
 */
final class HFileTrials {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  private final Configuration conf;
  private final FileSystem fs;
  private final java.nio.file.Path dir;
  private final int blockSize;
  private final int repeats;
  private final WarmUp warmUp;

  HFileTrials(Configuration conf, java.nio.file.Path dir, int blockSize, int repeats, WarmUp warmUp)
      throws IOException {
    if (!THREADS.isCurrentThreadCpuTimeSupported()) {
      throw new UnsupportedOperationException("this JVM cannot measure a thread's CPU time, which the advisor's"
          + " timings are taken in; run it on a JVM that can (HotSpot and OpenJ9 on Linux, macOS and Windows do)");
    }
    this.conf = conf;
    this.fs = FileSystem.getLocal(conf);
    this.dir = dir;
    this.blockSize = blockSize;
    this.repeats = repeats;
    this.warmUp = warmUp;
  }

  /**
   * @param cells sorted as HBase sorts them, one family
   * @param progress told about each option of each pass as it is measured
   * @return in the options' order
   */
  List<Trial> measure(List<Cell> cells, List<StorageOption> options, Consumer<String> progress) throws IOException {
    warmUp.run(number -> {
      for (StorageOption option : options) {
        progress.accept("warm-up pass " + number + ": " + option);
        run(cells, option);
      }
    });
    long[] stored = new long[options.size()];
    double[][] writeNanos = new double[options.size()][repeats];
    double[][] readNanos = new double[options.size()][repeats];
    List<Integer> order = new ArrayList<>(IntStream.range(0, options.size()).boxed().toList());
    // Seeded: the same options are measured in the same orders on every run.
    Random shuffle = new Random(options.size());
    for (int pass = 0; pass < repeats; pass++) {
      Collections.shuffle(order, shuffle);
      for (int o : order) {
        progress.accept("timed pass " + (pass + 1) + "/" + repeats + ": " + options.get(o));
        Timing timing = run(cells, options.get(o));
        stored[o] = timing.storedBytes();
        writeNanos[o][pass] = timing.writeNanos();
        readNanos[o][pass] = timing.readNanos();
      }
    }
    // A KeyValue's serialised size: key length and value length (4 bytes each), key, value.
    long raw = cells.stream().mapToLong(cell -> 8L + KeyValueUtil.keyLength(cell) + cell.getValueLength()).sum();
    List<Trial> trials = new ArrayList<>();
    for (int o = 0; o < options.size(); o++) {
      trials.add(new Trial(options.get(o), raw, stored[o], megabytesPerSecond(raw, UpperMedian.of(writeNanos[o])),
          megabytesPerSecond(raw, UpperMedian.of(readNanos[o]))));
    }
    return trials;
  }

  /** One option in one pass: the file's size, and the time of one write and of one read of every cell. */
  private record Timing(long storedBytes, long writeNanos, long readNanos) {
  }

  /**
   * Writes the file, reads it back and deletes it: the CPU time of one write and of one read. The read is timed
   * after the reader is open, as a RegionServer keeps a store file open and reads its blocks many times: the time is
   * that of reading, decompressing and decoding the blocks, not of opening the file, whose fixed cost would weigh
   * more on a small sample than on the whole family.
   */
  private Timing run(List<Cell> cells, StorageOption option) throws IOException {
    Path file = new Path(dir.resolve(option.encoding() + "-" + option.compression().getName()).toUri());
    try {
      long write = cpuNanos(() -> write(cells, option, file));
      long stored = fs.getFileStatus(file).getLen();
      try (HFile.Reader reader = HFile.createReader(fs, file, CacheConfig.DISABLED, true, conf)) {
        long read = cpuNanos(() -> {
          long count = readAll(reader);
          if (count != cells.size()) {
            throw new IOException(option + ": wrote " + cells.size() + " cells but read back " + count);
          }
        });
        return new Timing(stored, write, read);
      }
    } finally {
      // The local file system's delete also removes the checksum file it wrote beside the HFile.
      fs.delete(file, false);
    }
  }

  private interface IoAction {
    void run() throws IOException;
  }

  /** This thread's CPU time running {@code action}. */
  private static long cpuNanos(IoAction action) throws IOException {
    long before = THREADS.getCurrentThreadCpuTime();
    action.run();
    return THREADS.getCurrentThreadCpuTime() - before;
  }

  private void write(List<Cell> cells, StorageOption option, Path file) throws IOException {
    HFileContext context = new HFileContextBuilder().withBlockSize(blockSize)
        .withCompression(option.compression()).withDataBlockEncoding(option.encoding())
        .withIncludesMvcc(false).withIncludesTags(false).build();
    try (HFile.Writer writer = HFile.getWriterFactory(conf, CacheConfig.DISABLED).withPath(fs, file)
        .withFileContext(context).create()) {
      for (Cell cell : cells) {
        writer.append(cell);
      }
    }
  }

  /** Reads every cell (materialised, so that encoded blocks are fully decoded) and returns the count. */
  private long readAll(HFile.Reader reader) throws IOException {
    long cells = 0;
    long valueBytes = 0;
    try (HFileScanner scanner = reader.getScanner(conf, false, false)) {
      if (scanner.seekTo()) {
        do {
          valueBytes += scanner.getCell().getValueLength();
          cells++;
        } while (scanner.next());
      }
    }
    return valueBytes >= 0 ? cells : -1;
  }

  private static double megabytesPerSecond(long bytes, double nanos) {
    return nanos == 0 ? 0 : bytes / 1e6 / (nanos / 1e9);
  }
}
