package org.hbaseturbo.compress.interop;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.io.hfile.HFileContext;
import org.apache.hadoop.hbase.io.hfile.HFileContextBuilder;
import org.apache.hadoop.hbase.io.hfile.HFileScanner;

/** Writes and reads HFiles with HBase's own writer and reader, as a RegionServer's flushes and scans do. */
final class TestingHFiles {
  /** HBase's default block size: TestingCells' large values make blocks well beyond it. */
  private static final int BLOCK_SIZE = 64 * 1024;

  private TestingHFiles() {
  }

  /** Writes {@code cells} to a new HFile at {@code path}, compressed with whatever codec serves {@code algorithm}. */
  static void write(Configuration conf, Path path, Algorithm algorithm, List<Cell> cells) throws IOException {
    HFileContext context = new HFileContextBuilder().withCompression(algorithm).withBlockSize(BLOCK_SIZE).build();
    try (HFile.Writer writer = HFile.getWriterFactory(conf, CacheConfig.DISABLED)
        .withPath(FileSystem.getLocal(conf), path).withFileContext(context).create()) {
      for (Cell cell : cells) {
        writer.append(cell);
      }
    }
  }

  /** Every cell of the HFile at {@code path}, read through the data blocks in order. */
  static List<Cell> read(Configuration conf, Path path) throws IOException {
    List<Cell> cells = new ArrayList<>();
    try (HFile.Reader reader = HFile.createReader(FileSystem.getLocal(conf), path, CacheConfig.DISABLED, true, conf)) {
      HFileScanner scanner = reader.getScanner(conf, false, false);
      if (scanner.seekTo()) {
        do {
          cells.add(KeyValueUtil.copyToNewKeyValue(scanner.getCell()));
        } while (scanner.next());
      }
    }
    return cells;
  }

  /** The number of data blocks in the HFile at {@code path}. */
  static long dataBlocks(Configuration conf, Path path) throws IOException {
    try (HFile.Reader reader = HFile.createReader(FileSystem.getLocal(conf), path, CacheConfig.DISABLED, true, conf)) {
      return reader.getTrailer().getDataIndexCount();
    }
  }
}
