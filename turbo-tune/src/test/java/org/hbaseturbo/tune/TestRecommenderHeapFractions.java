package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.hbaseturbo.tune.Recommendation.Change;
import org.hbaseturbo.tune.policy.Route;
import org.junit.jupiter.api.Test;

/** The two heap fractions are written together, so that the servers' hbase-site.xml never pairs them wrongly. */
class TestRecommenderHeapFractions {
  private static final Change MEMSTORE = new Change("hbase.regionserver.global.memstore.size", "0.1", "0.3",
      Route.HEAP_TUNER);
  /** The tuner shrank the block cache from the 0.6 in the servers' file to what the next policy gives. */
  private static final Change BLOCK_CACHE = new Change("hfile.block.cache.size", "0.5", "0.5", Route.HEAP_TUNER);
  private static final Change FLUSH_SIZE = new Change("hbase.hregion.memstore.flush.size", "134217728",
      "134217728", Route.TABLE);

  @Test
  void aFractionThatChangesTakesTheOtherAlong() {
    List<Change> changes = new ArrayList<>(List.of(MEMSTORE));
    List<Change> unchanged = new ArrayList<>(List.of(BLOCK_CACHE, FLUSH_SIZE));
    Recommender.pairHeapFractions(changes, unchanged);
    assertThat(changes).containsExactly(MEMSTORE, BLOCK_CACHE);
    assertThat(unchanged).containsExactly(FLUSH_SIZE);
  }

  @Test
  void aFractionUnchangedBesideNoChangedOneStaysUnchanged() {
    Change restartOnly = new Change("hbase.regionserver.global.memstore.size.lower.limit", "0.95", "0.93",
        Route.RESTART);
    List<Change> changes = new ArrayList<>(List.of(restartOnly));
    List<Change> unchanged = new ArrayList<>(List.of(BLOCK_CACHE, FLUSH_SIZE));
    Recommender.pairHeapFractions(changes, unchanged);
    assertThat(changes).containsExactly(restartOnly);
    assertThat(unchanged).containsExactly(BLOCK_CACHE, FLUSH_SIZE);
  }
}
