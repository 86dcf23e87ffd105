package org.hbaseturbo.compress.advisor;

import java.util.Comparator;
import java.util.List;

/** What the user wants most from a family's storage settings, and how the advisor picks for it. */
public enum Objective {
  /** The smallest files; among equally small ones, the fastest to read. */
  STORAGE("smallest on disk") {
    @Override
    Trial choose(List<Trial> trials) {
      return trials.stream().min(Comparator.comparingLong(Trial::storedBytes)
          .thenComparing(Comparator.comparingDouble(Trial::readMBps).reversed())).orElseThrow();
    }
  },
  /**
   * The smallest files among the options that read at least half as fast as the fastest reader and write at
   * least a quarter as fast as the fastest writer: most of the storage saving without paying much on every
   * block cache miss. Writes get more room because HBase writes in the background (flushes, compactions).
   */
  BALANCED("smallest of the options reading at least 1/2 and writing at least 1/4 as fast as the fastest") {
    @Override
    Trial choose(List<Trial> trials) {
      double fastestRead = trials.stream().mapToDouble(Trial::readMBps).max().orElseThrow();
      double fastestWrite = trials.stream().mapToDouble(Trial::writeMBps).max().orElseThrow();
      return STORAGE.choose(trials.stream()
          .filter(t -> t.readMBps() >= fastestRead / 2 && t.writeMBps() >= fastestWrite / 4).toList());
    }
  },
  /**
   * The fastest to read back: reads pay decompression and decoding on every block cache miss, writes once per
   * flush or compaction.
   */
  SPEED("fastest to read (decompress and decode)") {
    @Override
    Trial choose(List<Trial> trials) {
      return trials.stream().max(Comparator.comparingDouble(Trial::readMBps)).orElseThrow();
    }
  };

  private final String rule;

  Objective(String rule) {
    this.rule = rule;
  }

  /** The rule in a few words, for the recommendation's reasoning. */
  public String rule() {
    return rule;
  }

  /** The measured option that best meets this objective; {@code trials} is not empty. */
  abstract Trial choose(List<Trial> trials);
}
