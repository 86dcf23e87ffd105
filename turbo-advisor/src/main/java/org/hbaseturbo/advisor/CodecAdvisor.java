package org.hbaseturbo.advisor;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.hbaseturbo.compress.TurboCodecs;

/**
 * Measures every data block encoding with every supported codec on a sample of the user's own cells, the close
 * ones again in a run-off ({@link Measurement}), and recommends one per {@link Objective}.
 */
public final class CodecAdvisor {
  /** The encodings HBase offers for data blocks (ROW_INDEX_V1 included; the deprecated PREFIX_TREE is gone). */
  public static final List<DataBlockEncoding> ENCODINGS = List.of(DataBlockEncoding.NONE, DataBlockEncoding.PREFIX,
      DataBlockEncoding.DIFF, DataBlockEncoding.FAST_DIFF, DataBlockEncoding.ROW_INDEX_V1);

  private final Configuration conf;
  private final int blockSize;
  private final TrialPlan plan;

  /**
   * @param blockSize the family's BLOCKSIZE: the uncompressed size HBase cuts data blocks at
   * @param plan how many measuring JVMs and timed passes, after what warm-up
   */
  public CodecAdvisor(Configuration conf, int blockSize, TrialPlan plan) {
    this.conf = requireNonNull(conf, "conf is null");
    this.plan = requireNonNull(plan, "plan is null");
    if (blockSize < 1024) {
      throw new IllegalArgumentException("block size must be at least 1 KiB, was " + blockSize);
    }
    this.blockSize = blockSize;
  }

  /** Every encoding with every supported codec: the options the advisor measures. */
  public static List<StorageOption> options() {
    List<StorageOption> options = new ArrayList<>();
    for (DataBlockEncoding encoding : ENCODINGS) {
      for (Algorithm compression : TurboCodecs.codecs().keySet()) {
        options.add(new StorageOption(encoding, compression));
      }
    }
    return options;
  }

  /**
   * Every option on {@code cells} in the plan's JVMs (the screening), then the finalists again in its run-off JVMs:
   * each objective's choice by the screening and the choice's rivals, which the screening did not tell apart.
   *
   * @param alsoInRunOff options to measure in the run-off whether or not they are finalists (a benchmark judging
   *     choices made on other cells gives them as precise figures as the finalists'); usually empty
   * @param progress told about each option of each pass as it is measured ("JVM 1/3: timed pass 1/5: DIFF+GZ",
   *     "run-off JVM 2/4: timed pass 3/5: DIFF+GZ") and about the finalists
   */
  public Measurement measure(List<Cell> cells, List<StorageOption> alsoInRunOff, Consumer<String> progress)
      throws IOException {
    List<List<Trial>> screening = measureEachJvm(cells, options(), plan.jvms(), progress);
    List<StorageOption> finalists = finalists(screening, alsoInRunOff);
    if (plan.runOffJvms() == 0 || finalists.size() == 1) {
      return new Measurement(screening, finalists, List.of());
    }
    progress.accept("run-off of " + finalists.size() + " finalists: " + String.join(", ",
        finalists.stream().map(StorageOption::toString).toList()));
    return new Measurement(screening, finalists,
        measureEachJvm(cells, finalists, plan.runOffJvms(), step -> progress.accept("run-off " + step)));
  }

  /**
   * {@code options} on {@code cells} (one family, sorted as HBase sorts cells) in {@code jvms} measuring JVMs in
   * turn ({@link TrialsJvm}), each with the plan's untimed warm-up passes and then its timed ones, each writing and
   * reading every option in turn.
   *
   * @return per JVM, the options' trials in their order
   */
  List<List<Trial>> measureEachJvm(List<Cell> cells, List<StorageOption> options, int jvms,
      Consumer<String> progress) throws IOException {
    if (cells.isEmpty()) {
      throw new IllegalArgumentException("no cells to measure");
    }
    Path dir = Files.createTempDirectory("turbo-advisor-");
    try {
      return TrialsJvm.measure(conf, dir, blockSize, plan, jvms, cells, options, progress);
    } finally {
      try (var files = Files.list(dir)) {
        for (Path file : files.toList()) {
          Files.deleteIfExists(file);
        }
      }
      Files.deleteIfExists(dir);
    }
  }

  /**
   * Each objective's choice by {@code perJvm}'s medians and the choice's rivals, with {@code also}, in the order
   * measured. Every other option is further behind each choice, by the medians, than the JVMs disagree about the two.
   */
  static List<StorageOption> finalists(List<List<Trial>> perJvm, List<StorageOption> also) {
    List<StorageOption> measured = perJvm.get(0).stream().map(Trial::option).toList();
    Set<StorageOption> finalists = new HashSet<>();
    for (StorageOption option : also) {
      if (!measured.contains(option)) {
        throw new IllegalArgumentException(option + " cannot be a finalist: it was not measured");
      }
      finalists.add(option);
    }
    for (Objective objective : Objective.values()) {
      Recommendation recommendation = recommend(perJvm, objective);
      finalists.add(recommendation.option());
      recommendation.rivals().forEach(rival -> finalists.add(rival.option()));
    }
    return measured.stream().filter(finalists::contains).toList();
  }

  /**
   * Each option's median over the JVMs that measured it: stored bytes, write and read speed each on its own.
   *
   * @param perJvm per JVM, the same options' trials in the same order
   */
  public static List<Trial> medianAcross(List<List<Trial>> perJvm) {
    if (perJvm.isEmpty()) {
      throw new IllegalArgumentException("no measuring JVM's trials to take the median of");
    }
    List<StorageOption> options = perJvm.get(0).stream().map(Trial::option).toList();
    for (List<Trial> jvm : perJvm) {
      if (!jvm.stream().map(Trial::option).toList().equals(options)) {
        throw new IllegalArgumentException("every measuring JVM's trials must be of the same options in the same"
            + " order: expected " + options + ", was " + jvm.stream().map(Trial::option).toList());
      }
    }
    List<Trial> first = perJvm.get(0);
    List<Trial> trials = new ArrayList<>();
    for (int o = 0; o < first.size(); o++) {
      int option = o;
      List<Trial> measured = perJvm.stream().map(jvm -> jvm.get(option)).toList();
      trials.add(new Trial(first.get(o).option(), first.get(o).rawBytes(),
          (long) UpperMedian.of(measured.stream().mapToDouble(Trial::storedBytes).toArray()),
          UpperMedian.of(measured.stream().mapToDouble(Trial::writeMBps).toArray()),
          UpperMedian.of(measured.stream().mapToDouble(Trial::readMBps).toArray())));
    }
    return trials;
  }

  /**
   * The option that best meets {@code objective} by each option's median figures over the measuring JVMs
   * ({@link #medianAcross}), with its reason in plain words; and its rivals, the other options too close to call:
   * those whose difference from the choice by the medians is no more than the spread between the JVMs' own figures
   * for the pair ({@link CloseCalls}). An option's speeds differ from one measuring JVM to the next by a few percent
   * more or less than the other options' do, so options that close change places between JVMs.
   *
   * @param perJvm per measuring JVM, the same options' trials in the same order
   */
  public static Recommendation recommend(List<List<Trial>> perJvm, Objective objective) {
    return recommend(perJvm, perJvm, objective);
  }

  /**
   * As {@link #recommend(List, Objective)}, choosing among the options {@code deciding} measured, and comparing the
   * choice with the smallest and the fastest of all the options {@code screening} measured (their figures taken
   * from {@code deciding} where it measured them too). When no option is too close to call, the reason names the
   * runner-up among all of them, by the screening's figures.
   */
  static Recommendation recommend(List<List<Trial>> screening, List<List<Trial>> deciding, Objective objective) {
    List<Trial> trials = medianAcross(deciding);
    Map<StorageOption, Trial> decided = new HashMap<>();
    trials.forEach(trial -> decided.put(trial.option(), trial));
    List<Trial> context = medianAcross(screening).stream()
        .map(trial -> decided.getOrDefault(trial.option(), trial)).toList();
    Trial choice = objective.choose(trials);
    Trial plain = context.stream().filter(t -> t.option().encoding() == DataBlockEncoding.NONE
        && t.option().compression() == Algorithm.NONE).findFirst()
        .orElse(context.stream().max(Comparator.comparingLong(Trial::storedBytes)).orElseThrow());
    List<Rival> rivals = CloseCalls.rivals(deciding, objective, choice.option());
    String reason = rivals.isEmpty()
        ? ReasonText.of(objective, choice, plain, Objective.STORAGE.choose(context), Objective.SPEED.choose(context),
            rivals, CloseCalls.runnerUp(screening, objective, choice.option()), screening.size())
        : ReasonText.of(objective, choice, plain, Objective.STORAGE.choose(context), Objective.SPEED.choose(context),
            rivals, rivals.get(0), deciding.size());
    return new Recommendation(objective, choice.option(), reason, rivals);
  }

  /**
   * The advisor's choice for one objective, why, and the options too close to call with it ({@link #recommend}).
   */
  public record Recommendation(Objective objective, StorageOption option, String reason, List<Rival> rivals) {
    public Recommendation {
      rivals = List.copyOf(rivals);
    }
  }

  /**
   * An option compared with an objective's choice ({@link CloseCalls}).
   *
   * @param difference the option's cost by the objective's rule over the choice's, by the medians, less one: 0.03
   *     when it is 3% worse
   * @param spread how much the measuring JVMs disagree about the two: the largest of their own ratios of the two
   *     costs less the smallest; 0 for a single JVM, and for sizes, which do not vary
   */
  public record Rival(StorageOption option, double difference, double spread) {
  }
}
