package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.hbaseturbo.bench.pcm.Calibration;
import org.junit.jupiter.api.Test;

/** A command's settings for the local cluster it starts go under the user's --site, which wins where both set one. */
class TestLocalSiteDefaults {
  @Test
  void theUsersSiteWinsAndTheCommandsFillTheRest() {
    TargetCluster.LocalSettings settings = new TargetCluster.LocalSettings(true, 2, Optional.of(Path.of("/data")),
        TargetCluster.LOOPBACK, Optional.of("768m"), Map.of("hbase.master.logcleaner.ttl", "900000",
            "hbase.hregion.memstore.flush.size", "2097152"), Optional.empty(), OptionalInt.empty(), false,
        Optional.empty());

    TargetCluster.LocalSettings calibrating = settings.withSiteDefaults(Calibration.LOCAL_CLUSTER_SITE);

    assertThat(calibrating.site()).containsEntry("hbase.master.logcleaner.ttl", "900000")
        .containsEntry("hbase.hregion.memstore.flush.size", "2097152")
        .containsEntry("hbase.master.cleaner.interval", "60000")
        .containsEntry("hbase.master.hfilecleaner.ttl", "60000");
    assertThat(calibrating.identity()).isEqualTo(settings.identity());
    assertThat(calibrating.regionServerHeap()).contains("768m");
    assertThat(calibrating.dataDir()).contains(Path.of("/data"));
  }
}
