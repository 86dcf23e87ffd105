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

    /** Bytes stored relative to the smallest. */
    @Override
    public double score(Trial option, List<Trial> trials) {
      return (double) option.storedBytes() / choose(trials).storedBytes();
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
      return STORAGE.choose(trials.stream().filter(t -> shortfall(t, trials) <= 1).toList());
    }

    /**
     * Bytes stored relative to the best option's, or, for an option slower than the rule allows, how far it
     * falls short of the speed it needed (needed / measured), whichever is larger: an option meeting the rule
     * scores its size relative to the best's, one that does not scores above 1 even when it is smaller.
     */
    @Override
    public double score(Trial option, List<Trial> trials) {
      return Math.max((double) option.storedBytes() / choose(trials).storedBytes(), shortfall(option, trials));
    }

    /** The largest of needed / measured speed for reads and writes: at most 1 for an option meeting the rule. */
    private double shortfall(Trial option, List<Trial> trials) {
      double fastestRead = trials.stream().mapToDouble(Trial::readMBps).max().orElseThrow();
      double fastestWrite = trials.stream().mapToDouble(Trial::writeMBps).max().orElseThrow();
      return Math.max(fastestRead / 2 / option.readMBps(), fastestWrite / 4 / option.writeMBps());
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

    /** The fastest read speed relative to the option's. */
    @Override
    public double score(Trial option, List<Trial> trials) {
      return choose(trials).readMBps() / option.readMBps();
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

  /**
   * How far {@code option} is from the best of {@code trials} by this objective's rule: 1.0 for the best
   * option, 1.05 for one 5% worse. {@code option} is one of {@code trials}.
   */
  public abstract double score(Trial option, List<Trial> trials);
}
