package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A variant's copy of the loaded directory takes what its servers read, and not what the cleaners would delete. */
class TestDataDirs {
  @Test
  void copiesTheDataAndNotTheLockLogsArchiveOrOldWals(@TempDir Path dir) throws Exception {
    Path loaded = dir.resolve("loaded");
    for (String file : List.of("hbase/data/default/t/r/f/file", "hbase/WALs/rs/wal", "hbase/archive/data/old",
        "hbase/oldWALs/flushed", "logs/regionserver-0.log", "cluster.lock", "hbase/hbase.version")) {
      Files.createDirectories(loaded.resolve(file).getParent());
      Files.writeString(loaded.resolve(file), file);
    }
    Path copy = dir.resolve("variant");
    Files.createDirectories(copy.resolve("stale"));

    DataDirs.replace(copy, Optional.of(loaded));

    try (Stream<Path> files = Files.walk(copy)) {
      assertThat(files.filter(Files::isRegularFile).map(file -> copy.relativize(file).toString()))
          .containsExactlyInAnyOrder("hbase/data/default/t/r/f/file", "hbase/WALs/rs/wal", "hbase/hbase.version");
    }
  }
}
