package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestServerSettingsCheck {
  @Test
  void acceptsHBaseDefaultsAndValuesWithinTheCaps() {
    assertThatNoException().isThrownBy(() -> ServerSettingsCheck.check(Map.of(), "--set"));
    assertThatNoException().isThrownBy(() -> ServerSettingsCheck.check(Map.of(ServerSettingsCheck.MEMSTORE, "0.5",
        ServerSettingsCheck.BLOCK_CACHE, "0.3", ServerSettingsCheck.COMPACTION_MIN, "10"), "--set"));
  }

  @Test
  void leavesSizesInBytesToTheRegionServerWhoseHeapTheyDependOn() {
    assertThatNoException().isThrownBy(() -> ServerSettingsCheck.check(Map.of(ServerSettingsCheck.MEMSTORE, "0.5",
        "hbase.regionserver.free.heap.min.memory.size", "64m"), "--set"));
  }

  @Test
  void refusesWhatHBaseWouldRefuseOrSilentlyReplace() {
    assertThatThrownBy(() -> ServerSettingsCheck.check(Map.of(ServerSettingsCheck.MEMSTORE, "0.5"), "--set"))
        .isInstanceOf(InvalidInputException.class).hasMessage("--set: hbase.regionserver.global.memstore.size (0.5)"
            + " + hfile.block.cache.size (0.4) leave less of the heap free than HBase requires"
            + " (hbase.regionserver.free.heap.min.memory.size, 0.2 of the heap unless set); it refuses to start such"
            + " a RegionServer");
    assertThatThrownBy(() -> ServerSettingsCheck.check(Map.of(ServerSettingsCheck.MEMSTORE, "0.85",
        ServerSettingsCheck.BLOCK_CACHE, "0"), "--set")).hasMessageContaining("HBase silently replaces it by 0.4");
    assertThatThrownBy(() -> ServerSettingsCheck.check(Map.of(ServerSettingsCheck.MEMSTORE_OLD, "0.6"), "--set"))
        .as("the 1.x key, which HBase still reads").hasMessageStartingWith("--set: hbase.regionserver.global"
            + ".memstore.upperLimit (0.6) + hfile.block.cache.size (0.4) leave less");
    assertThatThrownBy(() -> ServerSettingsCheck.check(Map.of(ServerSettingsCheck.BLOCK_CACHE, "lots"), "--set"))
        .hasMessage("--set: hfile.block.cache.size='lots' is not a fraction of the heap; expected a number from 0"
            + " to 1");
    assertThatThrownBy(() -> ServerSettingsCheck.check(Map.of(ServerSettingsCheck.COMPACTION_MIN, "4",
        ServerSettingsCheck.COMPACTION_MAX, "3"), "--set"))
        .hasMessageStartingWith("--set: hbase.hstore.compaction.min=4 is above hbase.hstore.compaction.max=3");
    assertThatThrownBy(() -> ServerSettingsCheck.requireNotOwned(List.of("hbase.rootdir"), "--set"))
        .hasMessageStartingWith("--set hbase.rootdir: the local cluster sets it itself");
  }

  @Test
  void siteFileSettingsAreReadAndChecked(@TempDir Path dir) throws Exception {
    Path site = dir.resolve("hbase-site.xml");
    Files.writeString(site, "<configuration><property><name>hbase.regionserver.handler.count</name>"
        + "<value>40</value></property></configuration>");
    assertThat(ServerSiteFile.read(site, "--site")).containsExactly(Map.entry("hbase.regionserver.handler.count",
        "40"));

    Files.writeString(site, "<configuration><property><name>hbase.rootdir</name><value>/x</value></property>"
        + "</configuration>");
    assertThatThrownBy(() -> ServerSiteFile.read(site, "--site"))
        .hasMessageStartingWith("--site " + site + ": hbase.rootdir: the local cluster sets it itself");
    Files.writeString(site, "hbase.regionserver.handler.count=40\n");
    assertThatThrownBy(() -> ServerSiteFile.read(site, "--site")).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("--site " + site + ": not an hbase-site.xml");
    assertThatThrownBy(() -> ServerSiteFile.read(dir.resolve("missing.xml"), "--site"))
        .hasMessage("--site " + dir.resolve("missing.xml") + ": no such readable file; expected an hbase-site.xml");
  }
}
