package org.hbaseturbo.compress.advisor;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.hbaseturbo.compress.TurboCodecs;
import org.hbaseturbo.compress.WarmUp;

/**
 * Measures every data block encoding with every supported codec on a sample of the user's own cells, and
 * recommends one per {@link Objective}.
 */
public final class CodecAdvisor {
  /** The encodings HBase offers for data blocks (ROW_INDEX_V1 included; the deprecated PREFIX_TREE is gone). */
  public static final List<DataBlockEncoding> ENCODINGS = List.of(DataBlockEncoding.NONE, DataBlockEncoding.PREFIX,
      DataBlockEncoding.DIFF, DataBlockEncoding.FAST_DIFF, DataBlockEncoding.ROW_INDEX_V1);

  private final Configuration conf;
  private final int blockSize;
  private final int repeats;
  private final WarmUp warmUp;

  /**
   * With {@link WarmUp#DEFAULT}.
   *
   * @param blockSize the family's BLOCKSIZE: the uncompressed size HBase cuts data blocks at
   * @param repeats timed passes, each writing and reading every option once; the median speeds are reported
   */
  public CodecAdvisor(Configuration conf, int blockSize, int repeats) {
    this(conf, blockSize, repeats, WarmUp.DEFAULT);
  }

  /** @param warmUp the untimed passes over every option before the timed ones */
  public CodecAdvisor(Configuration conf, int blockSize, int repeats, WarmUp warmUp) {
    this.conf = requireNonNull(conf, "conf is null");
    this.warmUp = requireNonNull(warmUp, "warmUp is null");
    if (blockSize < 1024) {
      throw new IllegalArgumentException("block size must be at least 1 KiB, was " + blockSize);
    }
    if (repeats < 1) {
      throw new IllegalArgumentException("repeats must be at least 1, was " + repeats);
    }
    this.blockSize = blockSize;
    this.repeats = repeats;
  }

  /**
   * Every encoding with every supported codec, on {@code cells} (one family, sorted as HBase sorts cells), in a
   * JVM of its own ({@link TrialsJvm}): untimed warm-up passes, then {@code repeats} timed ones, each writing and
   * reading every option in turn.
   *
   * @param progress told about each option of each pass as it is measured ("warm-up pass 2: DIFF+GZ",
   *     "timed pass 1/3: DIFF+GZ")
   */
  public List<Trial> measure(List<Cell> cells, Consumer<String> progress) throws IOException {
    return measure(cells, options(), progress);
  }

  /** Every encoding with every supported codec: the options {@link #measure(List, Consumer)} measures. */
  public static List<StorageOption> options() {
    List<StorageOption> options = new ArrayList<>();
    for (DataBlockEncoding encoding : ENCODINGS) {
      for (Algorithm compression : TurboCodecs.codecs().keySet()) {
        options.add(new StorageOption(encoding, compression));
      }
    }
    return options;
  }

  /** The given options only, in their order. */
  public List<Trial> measure(List<Cell> cells, List<StorageOption> options, Consumer<String> progress)
      throws IOException {
    if (cells.isEmpty()) {
      throw new IllegalArgumentException("no cells to measure");
    }
    Path dir = Files.createTempDirectory("turbo-advisor-");
    try {
      return TrialsJvm.measure(conf, dir, blockSize, repeats, warmUp, cells, options, progress);
    } finally {
      try (var files = Files.list(dir)) {
        for (Path file : files.toList()) {
          Files.deleteIfExists(file);
        }
      }
      Files.deleteIfExists(dir);
    }
  }

  /** The option that best meets {@code objective}, with one line of reasoning. */
  public static Recommendation recommend(List<Trial> trials, Objective objective) {
    Trial choice = objective.choose(trials);
    Trial smallest = Objective.STORAGE.choose(trials);
    Trial fastest = Objective.SPEED.choose(trials);
    Trial plain = trials.stream().filter(t -> t.option().encoding() == DataBlockEncoding.NONE
        && t.option().compression() == Algorithm.NONE).findFirst()
        .orElse(trials.stream().max(Comparator.comparingLong(Trial::storedBytes)).orElseThrow());
    String reason = String.format("%s: %s stores the sample in %.0f%% of NONE+NONE's size (%.2fx), reads %,.0f MB/s"
        + " and writes %,.0f MB/s; the smallest option, %s, stores %.0f%%, the fastest reader, %s, reads %,.0f MB/s",
        objective.rule(), choice.option(), 100.0 * choice.storedBytes() / plain.storedBytes(), choice.ratio(),
        choice.readMBps(), choice.writeMBps(), smallest.option(),
        100.0 * smallest.storedBytes() / plain.storedBytes(), fastest.option(), fastest.readMBps());
    return new Recommendation(objective, choice.option(), reason);
  }

  /** The advisor's choice for one objective and why. */
  public record Recommendation(Objective objective, StorageOption option, String reason) {
  }
}
