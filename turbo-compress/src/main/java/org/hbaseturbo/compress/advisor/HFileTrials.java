package org.hbaseturbo.compress.advisor;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;
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
 */
final class HFileTrials {
  private final Configuration conf;
  private final FileSystem fs;
  private final java.nio.file.Path dir;
  private final int blockSize;
  private final int repeats;

  HFileTrials(Configuration conf, java.nio.file.Path dir, int blockSize, int repeats) throws IOException {
    this.conf = conf;
    this.fs = FileSystem.getLocal(conf);
    this.dir = dir;
    this.blockSize = blockSize;
    this.repeats = repeats;
  }

  /** @param cells sorted as HBase sorts them, one family */
  Trial run(List<Cell> cells, StorageOption option) throws IOException {
    // A KeyValue's serialised size: key length and value length (4 bytes each), key, value.
    long raw = cells.stream().mapToLong(cell -> 8L + KeyValueUtil.keyLength(cell) + cell.getValueLength()).sum();
    Path file = new Path(dir.resolve(option.encoding() + "-" + option.compression().getName()).toUri());
    List<Long> writes = new ArrayList<>();
    List<Long> reads = new ArrayList<>();
    long stored = 0;
    for (int i = 0; i < repeats; i++) {
      long start = System.nanoTime();
      write(cells, option, file);
      writes.add(System.nanoTime() - start);
      stored = fs.getFileStatus(file).getLen();
      start = System.nanoTime();
      long read = readAll(file);
      reads.add(System.nanoTime() - start);
      if (read != cells.size()) {
        throw new IOException(option + ": wrote " + cells.size() + " cells but read back " + read);
      }
    }
    Files.deleteIfExists(java.nio.file.Path.of(file.toUri()));
    return new Trial(option, raw, stored, megabytesPerSecond(raw, median(writes)),
        megabytesPerSecond(raw, median(reads)));
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
  private long readAll(Path file) throws IOException {
    long cells = 0;
    long valueBytes = 0;
    try (HFile.Reader reader = HFile.createReader(fs, file, CacheConfig.DISABLED, true, conf);
        HFileScanner scanner = reader.getScanner(conf, false, false)) {
      if (scanner.seekTo()) {
        do {
          valueBytes += scanner.getCell().getValueLength();
          cells++;
        } while (scanner.next());
      }
    }
    return valueBytes >= 0 ? cells : -1;
  }

  private static long median(List<Long> nanos) {
    List<Long> sorted = nanos.stream().sorted().toList();
    return sorted.get(sorted.size() / 2);
  }

  private static double megabytesPerSecond(long bytes, long nanos) {
    return nanos == 0 ? 0 : bytes / 1e6 / (nanos / 1e9);
  }
}
