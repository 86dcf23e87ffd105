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
  /** What a stopped cluster leaves that a copy must not take: its lock and its logs. */
  private static final List<String> NOT_COPIED = List.of("cluster.lock", "logs");

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
        if (relative.getNameCount() > 0 && NOT_COPIED.contains(relative.getName(0).toString())) {
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
}
