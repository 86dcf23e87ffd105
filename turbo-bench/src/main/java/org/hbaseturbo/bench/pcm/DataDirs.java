package org.hbaseturbo.bench.pcm;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.hbaseturbo.cluster.FileTrees;

/** Cluster data directories of the PCM benchmark: each variant starts on a fresh copy of the loaded one. */
final class DataDirs {
  /** Where a cluster writes its servers' logs, which outlive its data. */
  private static final String LOGS = "logs";
  /** What a stopped cluster leaves that a copy must not take: its lock and its logs. */
  private static final List<String> NOT_COPIED = List.of("cluster.lock", LOGS);
  /**
   * What HBase's cleaner chores would delete and no server reads: store files a compaction replaced, and WALs whose
   * edits were flushed. After the seed's major compaction they were 4 times its data (13 GB and 4.5 GB for 4.5 GB at
   * 3 million records of 1 KB), copied for every variant.
   */
  private static final List<Path> NOT_NEEDED = List.of(Path.of("hbase", "archive"), Path.of("hbase", "oldWALs"));

  private DataDirs() {
  }

  /** Empties {@code dir}, then copies {@code from} into it, if given. {@code from}'s cluster must be stopped. */
  static void replace(Path dir, Optional<Path> from) throws IOException {
    FileTrees.deleteRecursively(dir);
    Files.createDirectories(dir);
    if (from.isEmpty()) {
      return;
    }
    Path source = from.get();
    try (Stream<Path> files = Files.walk(source)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        Path relative = source.relativize(file);
        if (relative.getNameCount() > 0 && NOT_COPIED.contains(relative.getName(0).toString())
            || NOT_NEEDED.stream().anyMatch(relative::startsWith)) {
          continue;
        }
        Path target = dir.resolve(relative.toString());
        if (Files.isDirectory(file)) {
          Files.createDirectories(target);
        } else {
          Files.copy(file, target);
        }
      }
    }
  }

  /**
   * Deletes what a stopped cluster kept in {@code dir} but its servers' logs: once a variant is measured its data
   * is read by nothing, and at the disk regime's scale each variant's would keep about 10 GB until the run ends.
   */
  static void release(Path dir) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (Stream<Path> children = Files.list(dir)) {
      for (Path child : children.filter(child -> !child.getFileName().toString().equals(LOGS)).toList()) {
        FileTrees.deleteRecursively(child);
      }
    }
  }
}
