package org.hbaseturbo.bench.pcm;

/**
 * How much of what a calibration's rounds read fits in the RegionServers' block caches together. A round runs each
 * arm beside the pacer, both copies of the records, so its reads stay in the caches only where two copies fit: with
 * one copy's 748 MiB in 819 MiB of caches, a row index that had won where every copy fit lost
 * (results/pcm/calibrate-all-rowindex-2026-12-06).
 */
enum CacheFit {
  /** An arm's copy and the pacer's fit together: the rounds' Gets seek in cached blocks. */
  ARM_AND_PACER,
  /** One copy fits, but not an arm's and the pacer's together: the rounds' reads go below the caches in part. */
  ONE_COPY,
  /** One copy outgrows the caches: a user's reads of the table go below them too. */
  NONE;

  /**
   * @param datasetBytes the files of one copy of the records
   * @param cacheBytes the RegionServers' block caches together
   */
  static CacheFit of(double datasetBytes, long cacheBytes) {
    if (datasetBytes > cacheBytes) {
      return NONE;
    }
    return 2 * datasetBytes > cacheBytes ? ONE_COPY : ARM_AND_PACER;
  }
}
