package org.hbaseturbo.advisor;

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

    /** The bytes stored. */
    @Override
    public double cost(Trial trial) {
      return trial.storedBytes();
    }
  },
  /**
   * The least product of the file's size, its read time and the fourth root of its write time: halving the files
   * is worth reading at half the speed, and writing at a sixteenth. Writes weigh less because HBase writes in the
   * background (flushes, compactions) and reads pay on every block cache miss.
   *
   * <p>A product rather than speed bounds ("the smallest of the options reading at least half as fast as the
   * fastest"): with bounds, an option whose speed sits near one changes the choice between options whose sizes
   * differ threefold, and speeds measured on a sample and again on the table differ by that much; the product
   * moves no more than its factors do.
   */
  BALANCED("the least size x read time x fourth root of write time") {
    @Override
    Trial choose(List<Trial> trials) {
      return trials.stream().min(Comparator.comparingDouble(this::cost)).orElseThrow();
    }

    /** Bytes x seconds per MB read x (seconds per MB written)^1/4. */
    @Override
    public double cost(Trial trial) {
      return trial.storedBytes() / trial.readMBps() / Math.pow(trial.writeMBps(), 0.25);
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

    /** Seconds per MB read. */
    @Override
    public double cost(Trial trial) {
      return 1 / trial.readMBps();
    }

    /** The fastest read speed over the option's: the cost ratio, without the rounding of two reciprocals. */
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
   * What the objective minimises, in units of its own: an option's cost over another's says how much worse it
   * is by this objective's rule.
   */
  public abstract double cost(Trial trial);

  /**
   * How far {@code option} is from the best of {@code trials} by this objective's rule: 1.0 for the best
   * option, 1.05 for one 5% worse. {@code option} is one of {@code trials}.
   */
  public double score(Trial option, List<Trial> trials) {
    return cost(option) / cost(choose(trials));
  }
}
