package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import java.util.TreeMap;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.tune.WorkloadClass;
import org.hbaseturbo.tune.policy.Policy;
import org.hbaseturbo.tune.policy.PolicyLoader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestPcmBenchmark {
  @Test
  void theReportNamesTheStorageWithHdfsReplicationAsTheClusterSetsIt() {
    assertThat(PcmBenchmark.storage(OptionalInt.empty())).isEqualTo("local file system");
    assertThat(PcmBenchmark.storage(OptionalInt.of(1))).isEqualTo("HDFS, 1 DataNode, replication 1");
    assertThat(PcmBenchmark.storage(OptionalInt.of(3))).isEqualTo("HDFS, 3 DataNodes, replication 3");
    assertThat(PcmBenchmark.storage(OptionalInt.of(5))).isEqualTo("HDFS, 5 DataNodes, replication 3");
  }

  /**
   * The calibrated variant applies the calibrated policies at the heap they give; every other variant keeps the
   * paper's policies and heap (the stock ones compare at PCM's heap, "defaults 1g" at the paper's 1 GB).
   */
  @Test
  void theCalibratedVariantRunsItsOwnPoliciesAtItsOwnHeap(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("RO-read.yaml"), "class: RO-read\nheap_gb: 0.25 * ram_gb / regionservers_per_host\n"
        + "settings:\n  BLOCKSIZE: 16k\n");
    Map<WorkloadClass, Policy> calibrated = PolicyLoader.files(dir, "--calibrated");
    PcmBenchmark.Settings settings = PcmBenchmark.Settings.builder().classes(List.of(PcmWorkload.RO_READ))
        .variants(List.of(PcmVariant.values())).calibrated(calibrated).build();

    assertThat(settings.policies(PcmVariant.CALIBRATED).get(WorkloadClass.RO_READ).source())
        .isEqualTo(calibrated.get(WorkloadClass.RO_READ).source());
    assertThat(settings.policies(PcmVariant.PCM).get(WorkloadClass.RO_READ).source())
        .isEqualTo(PolicyLoader.shipped().get(WorkloadClass.RO_READ).source());
    long pcmHeap = megabytes(settings.heap(PcmVariant.PCM));
    assertThat(megabytes(settings.heap(PcmVariant.CALIBRATED))).isBetween(pcmHeap / 2 - 1, pcmHeap / 2 + 1);
    assertThat(settings.heap(PcmVariant.DEFAULTS)).isEqualTo(settings.heap(PcmVariant.PCM));
    assertThat(settings.heap(PcmVariant.DEFAULTS_1G)).isEqualTo("1g");
  }

  @Test
  void theCalibratedVariantNeedsAPolicyForEveryClassMeasured(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("RO-read.yaml"), "class: RO-read\nheap_gb: 1\nsettings:\n  BLOCKSIZE: 16k\n");
    PcmBenchmark.Builder builder = PcmBenchmark.Settings.builder()
        .classes(List.of(PcmWorkload.RO_READ, PcmWorkload.MIX_W)).variants(List.of(PcmVariant.values()))
        .calibrated(PolicyLoader.files(dir, "--calibrated"));

    assertThatThrownBy(builder::build).isInstanceOf(InvalidInputException.class).hasMessage("no calibrated policy for"
        + " class MixW in --calibrated (it has RO-read): 'turbo tune calibrate --class MixW' writes one, or leave the"
        + " class or the calibrated variant out");
    assertThat(builder.variants(List.of(PcmVariant.DEFAULTS, PcmVariant.PCM)).build().variants())
        .as("without the calibrated variant, the policies it would need are not asked for")
        .containsExactly(PcmVariant.DEFAULTS, PcmVariant.PCM);
  }

  @Test
  void compactNeedsAReadOnlyClassUnderAPolicy() {
    String refusal = "--compact rewrites the files of a read-only class (RO-read, RO-scan) under pcm or calibrated,"
        + " and this run measures none: add one of each, or leave --compact out";
    PcmBenchmark.Builder builder = PcmBenchmark.Settings.builder().rewriteReadOnlyFiles(true);

    assertThatThrownBy(builder.classes(List.of(PcmWorkload.MIX_W))::build).isInstanceOf(InvalidInputException.class)
        .hasMessage(refusal);
    assertThatThrownBy(builder.classes(List.of(PcmWorkload.RO_SCAN)).variants(List.of(PcmVariant.DEFAULTS,
        PcmVariant.DEFAULTS_AGAIN))::build).isInstanceOf(InvalidInputException.class).hasMessage(refusal);
    assertThat(builder.variants(List.of(PcmVariant.DEFAULTS, PcmVariant.PCM)).build().rewriteReadOnlyFiles())
        .isTrue();
  }

  /**
   * The adaptivity run watches as a dry run, again as the A/A pair where the variants have it, with the paper's
   * policies, and, with the calibrated variant, as 'tune watch --policy DIR' would: the calibrated policy of each
   * class that has one, the paper's for the rest.
   */
  @Test
  void theAdaptivityRunWatchesAgainWithTheCalibratedPoliciesOverThePapers(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("RO-read.yaml"), "class: RO-read\nheap_gb: 1\nsettings:\n  BLOCKSIZE: 16k\n");
    Map<WorkloadClass, Policy> calibrated = PolicyLoader.files(dir, "--calibrated");
    Map<WorkloadClass, Policy> shipped = PolicyLoader.shipped();
    PcmBenchmark.Builder builder = PcmBenchmark.Settings.builder().classes(List.of(PcmWorkload.RO_READ))
        .calibrated(calibrated);

    List<AdaptivityRun.Watched> watched = builder.variants(List.of(PcmVariant.values())).build().watched();

    assertThat(watched).extracting(AdaptivityRun.Watched::variant).containsExactly(PcmVariant.DEFAULTS,
        PcmVariant.DEFAULTS_AGAIN, PcmVariant.PCM, PcmVariant.CALIBRATED);
    assertThat(watched).extracting(AdaptivityRun.Watched::applying).containsExactly(false, false, true, true);
    Map<WorkloadClass, String> paper = sources(shipped);
    assertThat(calibrated.get(WorkloadClass.RO_READ).source()).isNotEqualTo(paper.get(WorkloadClass.RO_READ));
    assertThat(sources(watched.get(0).policies())).isEqualTo(paper);
    assertThat(sources(watched.get(2).policies())).isEqualTo(paper);
    Map<WorkloadClass, String> overlaid = new TreeMap<>(paper);
    overlaid.put(WorkloadClass.RO_READ, calibrated.get(WorkloadClass.RO_READ).source());
    assertThat(sources(watched.get(3).policies())).isEqualTo(overlaid);
    assertThat(builder.variants(List.of(PcmVariant.DEFAULTS, PcmVariant.PCM)).build().watched())
        .extracting(AdaptivityRun.Watched::variant).containsExactly(PcmVariant.DEFAULTS, PcmVariant.PCM);
    // PCM's loop with the paper's policies runs where the variants have pcm, not whenever the adaptivity run does.
    assertThat(builder.variants(List.of(PcmVariant.DEFAULTS, PcmVariant.DEFAULTS_AGAIN, PcmVariant.CALIBRATED))
        .build().watched()).extracting(AdaptivityRun.Watched::variant)
        .containsExactly(PcmVariant.DEFAULTS, PcmVariant.DEFAULTS_AGAIN, PcmVariant.CALIBRATED);
  }

  /** Each class's policy by where it came from: policies loaded twice are equal in that. */
  private static Map<WorkloadClass, String> sources(Map<WorkloadClass, Policy> policies) {
    Map<WorkloadClass, String> sources = new TreeMap<>();
    policies.forEach((c, policy) -> sources.put(c, policy.source()));
    return sources;
  }

  private static long megabytes(String heap) {
    assertThat(heap).endsWith("m");
    return Long.parseLong(heap.substring(0, heap.length() - 1));
  }
}
