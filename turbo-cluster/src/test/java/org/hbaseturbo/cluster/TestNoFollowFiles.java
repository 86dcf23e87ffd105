package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Files written in a cluster's directories replace a link in their place, or refuse it, and never write through it. */
class TestNoFollowFiles {
  @TempDir
  Path dir;

  @Test
  void aWriteReplacesALinkInItsPlaceAndLeavesWhatItNamedAlone() throws IOException {
    Path conf = Files.createDirectory(dir.resolve("conf"));
    PlantedLink site = PlantedLink.at(conf.resolve("hbase-site.xml"));
    Configuration settings = new Configuration(false);
    settings.set("hbase.rootdir", "file:///data/hbase");
    NoFollowFiles.writeXml(site.link(), settings);
    assertThat(site.link()).isRegularFile();
    assertThat(ServerSiteFile.settingsIn(site.link())).containsEntry("hbase.rootdir", "file:///data/hbase");
    site.assertTargetUntouched();
    // Readable by other users, as a client configuration must be; and nothing left beside it.
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(site.link()))).isEqualTo("rw-r--r--");
    try (var files = Files.list(conf)) {
      assertThat(files.map(file -> file.getFileName().toString())).containsExactly("hbase-site.xml");
    }
  }

  @Test
  void aFileForAnotherWriterIsMadeOnceAndALinkInItsPlaceIsRefused() throws IOException {
    Path logs = Files.createDirectory(dir.resolve("logs"));
    Path out = logs.resolve("regionserver-0.out");
    NoFollowFiles.requireFile(out);
    Files.writeString(out, "kept\n");
    NoFollowFiles.requireFile(out);
    assertThat(out).hasContent("kept");
    PlantedLink log = PlantedLink.at(logs.resolve("turbo.log"));
    assertThatThrownBy(() -> NoFollowFiles.requireFile(log.link())).isInstanceOf(IOException.class)
        .hasMessage(log.refusal());
    log.assertTargetUntouched();
  }
}
