package org.hbaseturbo.tune.policy;

import java.util.Optional;

/**
 * What HBase 2.6 accepts of memstore and block-cache fractions, as its {@code MemorySizeUtil} decides it when a
 * RegionServer starts (this client cannot call server code; a test holds the two to the same answers): each
 * fraction in whole percent, their sum at most 100% less the free-heap minimum of 20%; a memstore fraction outside
 * (0, 0.8] is silently replaced by 0.4.
 */
final class HeapBudget {
  private static final int MIN_FREE_PERCENT = 20;

  private HeapBudget() {
  }

  /** Why HBase would not run with these fractions as given, or empty when it would. */
  static Optional<String> problem(float memstore, float blockCache) {
    if (memstore <= 0 || memstore > 0.8f) {
      return Optional.of("a memstore fraction of " + memstore + " is outside (0, 0.8], and HBase silently replaces it"
          + " by 0.4");
    }
    if (blockCache > 1) {
      return Optional.of("a block cache fraction of " + blockCache + " is over the whole heap");
    }
    int used = (int) (memstore * 100) + (int) (blockCache * 100);
    if (used > 100 - MIN_FREE_PERCENT) {
      return Optional.of("memstore " + memstore + " + block cache " + blockCache + " leave less than the "
          + MIN_FREE_PERCENT + "% of the heap HBase keeps free; it refuses to start such a RegionServer");
    }
    return Optional.empty();
  }
}
