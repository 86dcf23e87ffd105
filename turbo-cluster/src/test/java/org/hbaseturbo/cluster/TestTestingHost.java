package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The machine checks that tests needing root or iproute2 skip on, with fakes for the uid and the PATH. */
class TestTestingHost {
  @Test
  void rootIsUidZero() {
    assertThat(TestingHost.missingRoot(0, "to create network namespaces")).isEmpty();
    assertThat(TestingHost.missingRoot(1000, "to create network namespaces"))
        .contains("needs root to create network namespaces; runs as uid 1000");
  }

  @Test
  void commandsAreLookedForInEveryDirectoryOfThePath(@TempDir Path dir) throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path sbin = Files.createDirectories(dir.resolve("sbin"));
    executable(sbin.resolve("ip"));
    Files.writeString(sbin.resolve("tc"), "not executable");
    String path = bin + ":" + sbin;
    assertThat(TestingHost.missingCommands(path, "iproute2", List.of("ip"))).isEmpty();
    assertThat(TestingHost.missingCommands(path, "iproute2", List.of("ip", "tc", "ss")))
        .contains("needs tc and ss (iproute2) on the PATH, which is '" + path + "'");
    assertThat(TestingHost.missingCommands("", "iproute2", List.of("ss"))).isPresent();
  }

  private static void executable(Path file) throws Exception {
    Files.writeString(file, "#!/bin/sh\n");
    Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rwxr-xr-x"));
  }
}
