package org.hbaseturbo.tune.policy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.tune.WorkloadClass;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestPolicies {
  /** This machine's shape: 24 GiB, two RegionServers on it, a 1 GB table in 8 regions. */
  private static final PolicyEnvironment HERE = new PolicyEnvironment(24, 2, 2, 1e9, 8);

  @Test
  void everyClassHasAShippedPolicyThatEvaluatesAsThePaperSays() {
    Map<WorkloadClass, Policy> policies = PolicyLoader.shipped();
    assertThat(policies.keySet()).containsExactlyInAnyOrder(WorkloadClass.BL, WorkloadClass.WO, WorkloadClass.WM,
        WorkloadClass.MIX_W, WorkloadClass.MIX_RW, WorkloadClass.MIX_R, WorkloadClass.RM, WorkloadClass.RO_READ,
        WorkloadClass.RO_SCAN);
    // Table IV, PCM-BL: X = 0.5 x 24 GiB / 2 = 6 GiB heap.
    Policy.Evaluated bl = policies.get(WorkloadClass.BL).evaluate(HERE);
    assertThat(bl.heapBytes()).isEqualTo(6L << 30);
    assertThat(bl.presplitRegions()).isEqualTo(8);
    assertThat(bl.values()).containsEntry(PolicySetting.MEMSTORE, "0.6")
        .containsEntry(PolicySetting.MEMSTORE_LOWER_LIMIT, "0.967").containsEntry(PolicySetting.BLOCK_CACHE, "0.1")
        .containsEntry(PolicySetting.FLUSH_SIZE, Long.toString(768L << 20))
        .containsEntry(PolicySetting.BLOCK_MULTIPLIER, "6").containsEntry(PolicySetting.COMPACTION_MIN, "18")
        .containsEntry(PolicySetting.COMPACTION_MAX, "18").containsEntry(PolicySetting.BLOCKING_STORE_FILES, "60")
        .containsEntry(PolicySetting.MAX_FILESIZE, Long.toString(10L << 30));
    // Table V, PCM-RO: the cache gets the heap, and point reads small blocks.
    assertThat(policies.get(WorkloadClass.RO_READ).evaluate(HERE).values())
        .containsEntry(PolicySetting.BLOCK_CACHE, "0.6").containsEntry(PolicySetting.MEMSTORE, "0.1")
        .containsEntry(PolicySetting.BLOCKSIZE, "32768");
    assertThat(policies.get(WorkloadClass.RO_SCAN).evaluate(HERE).values())
        .containsEntry(PolicySetting.BLOCKSIZE, "131072");
    // Table VI, PCM-MixR: its 0.8 together trimmed to leave the heap tuner's guard its headroom (TestHeapHeadroom).
    assertThat(policies.get(WorkloadClass.MIX_R).evaluate(HERE).notes()).singleElement().asString()
        .startsWith("memstore 0.3 -> 0.273 and block cache 0.5 -> 0.455");
  }

  @Test
  void formulasKnowTheirVariablesUnitsAndFunctions() {
    Formula formula = Formula.parse("max(10, 3 * heap_gb) + 1k - 2m / 2g", Set.of("heap_gb"));
    assertThat(formula.evaluate(Map.of("heap_gb", 4.0))).isEqualTo(12 + 1024 - (double) (2 << 20) / (2L << 30));
    assertThatThrownBy(() -> Formula.parse("3 * heap", Set.of("heap_gb")))
        .hasMessageStartingWith("unknown name 'heap'; expected one of heap_gb");
    assertThatThrownBy(() -> Formula.parse("3 *", Set.of())).hasMessage("the formula ends too early at column 4 of"
        + " '3 *'");
    assertThatThrownBy(() -> Formula.parse("avg(1, 2)", Set.of())).hasMessageStartingWith("unknown function 'avg'");
  }

  @Test
  void badPolicyFilesAreRefusedNamingTheFileLineAndKey() {
    assertRefused("class: WO\nheap_gb: 1\nsettings:\n  hbase.hstore.compactionThreshold: 3\n",
        "p.yaml, line 4: unknown setting 'hbase.hstore.compactionThreshold'; a policy may set");
    assertRefused("class: WO\nheap_gb: 1\nsettings:\n  hfile.block.cache.size: 0.1 *\n",
        "p.yaml, line 4: hfile.block.cache.size: the formula ends too early at column 6 of '0.1 *'");
    assertRefused("class: WO\nheap_gb: 1\nsettings:\n  hbase.regionserver.global.memstore.size: 0.5\n"
        + "  hfile.block.cache.size: 0.4\n", "p.yaml, line 4: hbase.regionserver.global.memstore.size (0.5) +"
        + " hfile.block.cache.size (0.4) leave less of the heap free than HBase requires");
    assertRefused("class: WO\nheap_gb: 1\nsettings:\n  hbase.regionserver.global.memstore.size: 0.9\n",
        "p.yaml, line 4: hbase.regionserver.global.memstore.size=0.9 is outside (0, 0.8], and HBase silently"
            + " replaces it by 0.4");
    assertRefused("class: WO\nheap_gb: 8\nsettings:\n  hbase.hstore.compaction.min: 3 * heap_gb\n",
        "p.yaml, line 4: hbase.hstore.compaction.min=24 is above hbase.hstore.compaction.max=10");
    assertRefused("class: BL\nheap_gb: 1\npresplit_regions_per_server: 2\nsettings:\n"
        + "  hbase.regionserver.region.split.policy: org.apache.hadoop.hbase.regionserver.DisabledRegionSplitPolicy\n",
        "p.yaml, line 5: DisabledRegionSplitPolicy with presplit_regions_per_server");
    assertRefused("class: WO\nheap_gb: 1\nsettings:\n  hbase.regionserver.region.split.policy: Sideways\n",
        "p.yaml, line 4: hbase.regionserver.region.split.policy: 'Sideways' is not one of HBase's:"
            + " org.apache.hadoop.hbase.regionserver.SteppingSplitPolicy, ");
    assertRefused("class: RO-read\nheap_gb: 1\nsettings:\n  COMPRESSION: gzip\n",
        "p.yaml, line 4: COMPRESSION: 'gzip' is not one of HBase's: LZO, GZ, NONE, SNAPPY, LZ4, BZIP2, ZSTD");
    assertRefused("class: RO-read\nheap_gb: 1\nsettings:\n  DATA_BLOCK_ENCODING: FASTDIFF\n",
        "p.yaml, line 4: DATA_BLOCK_ENCODING: 'FASTDIFF' is not one of HBase's: NONE, PREFIX, DIFF, FAST_DIFF,");
    assertRefused("class: XL\nheap_gb: 1\nsettings: {}\n", "p.yaml, line 1: class 'XL' is not a workload class");
    assertRefused("class: WO\nheap_gb: 1\nsettings: [1, 2\n", "p.yaml, line 4: not YAML");
    assertRefused("class: WO\nheap: 1\nsettings: {}\n", "p.yaml, line 2: unknown field 'heap'");
    assertRefused("class: WO\nsettings: {}\n", "p.yaml: no 'heap_gb' field");
    assertRefused("class: WO\nheap_gb: ram_gb - 100\nsettings: {}\n", "p.yaml: heap_gb comes out as -96.0");
  }

  @Test
  void aPolicyFileReplacesTheShippedPolicyOfItsClass(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("mine.yaml"), "class: RO-read\nsource: ours\nheap_gb: 2\nsettings:\n"
        + "  hfile.block.cache.size: 0.7\n  hbase.regionserver.global.memstore.size: 0.1\n");
    Map<WorkloadClass, Policy> policies = PolicyLoader.withOverrides(dir);
    assertThat(policies.get(WorkloadClass.RO_READ).source()).isEqualTo("ours");
    assertThat(policies.get(WorkloadClass.RO_SCAN).source()).isEqualTo("PCM paper, Table V, PCM-RO (Scan)");
    assertThatThrownBy(() -> PolicyLoader.withOverrides(dir.resolve("none")))
        .hasMessage("--policy " + dir.resolve("none") + ": no such file or directory");
  }

  private static void assertRefused(String yaml, String messageStart) {
    assertThatThrownBy(() -> PolicyLoader.read(new StringReader(yaml), "p.yaml"))
        .isInstanceOf(InvalidInputException.class).hasMessageStartingWith(messageStart);
  }
}
