package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A variant's copy of the loaded directory takes what its servers read, and not what the cleaners would delete; once
 * measured, only its logs stay.
 */
class TestDataDirs {
  private static final List<String> STOPPED_CLUSTER = List.of("hbase/data/default/t/r/f/file", "hbase/WALs/rs/wal",
      "hbase/archive/data/old", "hbase/oldWALs/flushed", "logs/regionserver-0.log", "cluster.lock",
      "hbase/hbase.version");

  @Test
  void copiesTheDataAndNotTheLockLogsArchiveOrOldWals(@TempDir Path dir) throws Exception {
    Path loaded = stoppedCluster(dir.resolve("loaded"));
    Path copy = dir.resolve("variant");
    Files.createDirectories(copy.resolve("stale"));

    DataDirs.replace(copy, Optional.of(loaded));

    try (Stream<Path> files = Files.walk(copy)) {
      assertThat(files.filter(Files::isRegularFile).map(file -> copy.relativize(file).toString()))
          .containsExactlyInAnyOrder("hbase/data/default/t/r/f/file", "hbase/WALs/rs/wal", "hbase/hbase.version");
    }
  }

  @Test
  void releaseKeepsOnlyTheLogs(@TempDir Path dir) throws Exception {
    Path data = stoppedCluster(dir.resolve("variant"));

    DataDirs.release(data);

    try (Stream<Path> files = Files.walk(data)) {
      assertThat(files.filter(file -> !file.equals(data)).map(file -> data.relativize(file).toString()))
          .containsExactlyInAnyOrder("logs", "logs/regionserver-0.log");
    }
  }

  private static Path stoppedCluster(Path dir) throws Exception {
    for (String file : STOPPED_CLUSTER) {
      Files.createDirectories(dir.resolve(file).getParent());
      Files.writeString(dir.resolve(file), file);
    }
    return dir;
  }
}
