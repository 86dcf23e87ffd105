package org.hbaseturbo.bench.pcm;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.hbaseturbo.tune.policy.PolicySetting;

/**
 * Snapshots of the candidate copies a calibration wrote anew (major-compacted, their files differing from the
 * records' as loaded), by the values they were written with, kept for the whole calibration: a later class's copy of
 * the same values is cloned from one, sharing its files, rather than compacted again. In the disk regime each such
 * compaction took about a minute of 3,000,000 records, and {@link CalibrationCandidate#SMALLER_FILES} alone was
 * written three times over, once for each class that reads more than it writes
 * (results/pcm/calibrate-disk-30m-2026-12-05). The files a snapshot holds stay on the cluster until the calibration
 * ends, and are deleted with it.
 */
final class WrittenCopies implements AutoCloseable {
  private final Admin admin;
  private final String prefix;
  private final Map<Map<PolicySetting, String>, String> snapshots = new LinkedHashMap<>();

  /** @param loaded the table the copies are made of, which names the snapshots */
  WrittenCopies(Admin admin, TableName loaded) {
    this.admin = admin;
    this.prefix = loaded.getQualifierAsString() + "_written_";
  }

  /** The snapshot of a copy written with exactly {@code values}; empty when none was. */
  Optional<String> of(Map<PolicySetting, String> values) {
    return Optional.ofNullable(snapshots.get(values));
  }

  /**
   * Takes a snapshot of {@code copy}, just written with {@code values} and not yet run on, for later copies of the
   * same values.
   */
  void add(Map<PolicySetting, String> values, TableName copy) throws IOException {
    if (snapshots.containsKey(values)) {
      throw new IllegalStateException("a copy written with " + values + " is kept already");
    }
    String snapshot = prefix + snapshots.size();
    admin.snapshot(snapshot, copy);
    snapshots.put(Map.copyOf(values), snapshot);
  }

  @Override
  public void close() throws IOException {
    for (String snapshot : snapshots.values()) {
      admin.deleteSnapshot(snapshot);
    }
    snapshots.clear();
  }
}
