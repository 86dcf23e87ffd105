package org.hbaseturbo.advisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellComparator;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.compress.TurboCodecs;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class TestCodecAdvisor {
  private static final byte[] FAMILY = Bytes.toBytes("readings");
  /** The tests check what is measured, not how fast: one JVM, one untimed pass, one timed. */
  private static final TrialPlan ONE_PASS = new TrialPlan(1, 0, 1, new WarmUp(1, Duration.ZERO));

  @BeforeAll
  static void installCodecs() {
    TurboCodecs.install();
  }

  @Test
  void measuresEveryEncodingWithEveryCodecThroughRealHFiles() throws Exception {
    List<Cell> cells = sensorLikeCells(2_000);
    List<String> seen = new ArrayList<>();
    // Asked for in the run-off, so that there is one even when a single cold pass makes one option every choice.
    StorageOption plainOption = new StorageOption(DataBlockEncoding.NONE, Algorithm.NONE);
    Measurement measured = new CodecAdvisor(HBaseConfiguration.create(), 64 * 1024,
        new TrialPlan(1, 1, 1, new WarmUp(1, Duration.ZERO))).measure(cells, List.of(plainOption), seen::add);

    assertThat(measured.screeningPerJvm()).hasSize(1);
    List<Trial> trials = measured.screening();
    assertThat(trials).hasSize(CodecAdvisor.ENCODINGS.size() * TurboCodecs.codecs().size());
    // One screening JVM: its figures are the medians, so the finalists are the objectives' choices and the option
    // asked for; then the run-off JVM measures just those.
    Set<StorageOption> expected = new HashSet<>(List.of(plainOption));
    Arrays.stream(Objective.values())
        .forEach(objective -> expected.add(CodecAdvisor.recommend(measured.screeningPerJvm(), objective).option()));
    assertThat(measured.finalists()).containsExactlyInAnyOrderElementsOf(expected);
    assertThat(measured.runOffPerJvm()).hasSize(1);
    assertThat(measured.runOffPerJvm().get(0)).extracting(Trial::option)
        .containsExactlyElementsOf(measured.finalists());
    String finalists = String.join(", ", measured.finalists().stream().map(StorageOption::toString).toList());
    assertThat(seen).hasSize(2 * trials.size() + 1 + 2 * measured.finalists().size())
        .contains("JVM 1/1: warm-up pass 1: FAST_DIFF+ZSTD", "JVM 1/1: timed pass 1/1: NONE+LZO",
            "run-off of " + measured.finalists().size() + " finalists: " + finalists,
            "run-off JVM 1/1: timed pass 1/1: " + measured.finalists().get(0));
    long raw = trials.get(0).rawBytes();
    assertThat(trials).allSatisfy(trial -> {
      assertThat(trial.rawBytes()).isEqualTo(raw);
      assertThat(trial.writeMBps()).isPositive();
      assertThat(trial.readMBps()).isPositive();
    });
    Trial plain = trial(trials, DataBlockEncoding.NONE, Algorithm.NONE);
    // An unencoded, uncompressed HFile holds the KeyValues plus block headers, index and trailer; once, though
    // a timed write is repeated until it has taken long enough.
    assertThat(plain.storedBytes()).isBetween(raw, raw + raw / 5);
    // Sensor rows repeat their keys and vary their values slowly: every codec and encoding saves space.
    assertThat(trial(trials, DataBlockEncoding.NONE, Algorithm.GZ).ratio()).isGreaterThan(3);
    assertThat(trial(trials, DataBlockEncoding.FAST_DIFF, Algorithm.NONE).storedBytes())
        .isLessThan(plain.storedBytes() / 2);
  }

  @Test
  void everyJvmWarmsUpAndMeasuresEveryOptionInTurnInEveryPass() throws Exception {
    List<Cell> cells = sensorLikeCells(500);
    List<StorageOption> options = List.of(new StorageOption(DataBlockEncoding.DIFF, Algorithm.GZ),
        new StorageOption(DataBlockEncoding.NONE, Algorithm.NONE));
    List<String> seen = new ArrayList<>();

    List<List<Trial>> perJvm = new CodecAdvisor(HBaseConfiguration.create(), 8 * 1024,
        new TrialPlan(2, 0, 2, new WarmUp(2, Duration.ZERO))).measureEachJvm(cells, options, 2, seen::add);

    assertThat(perJvm).hasSize(2);
    for (int jvm = 1; jvm <= 2; jvm++) {
      List<String> steps = seen.subList(8 * (jvm - 1), 8 * jvm);
      String prefix = "JVM " + jvm + "/2: ";
      assertThat(steps.subList(0, 4)).containsExactly(prefix + "warm-up pass 1: DIFF+GZ",
          prefix + "warm-up pass 1: NONE+NONE", prefix + "warm-up pass 2: DIFF+GZ",
          prefix + "warm-up pass 2: NONE+NONE");
      // Each timed pass measures every option once, in an order of its own.
      assertThat(steps.subList(4, 6)).containsExactlyInAnyOrder(prefix + "timed pass 1/2: DIFF+GZ",
          prefix + "timed pass 1/2: NONE+NONE");
      assertThat(steps.subList(6, 8)).containsExactlyInAnyOrder(prefix + "timed pass 2/2: DIFF+GZ",
          prefix + "timed pass 2/2: NONE+NONE");
      assertThat(perJvm.get(jvm - 1)).extracting(Trial::option).containsExactlyElementsOf(options);
    }
    assertThat(seen).hasSize(16);
    // Both JVMs write the same files.
    assertThat(perJvm.get(1)).extracting(Trial::storedBytes)
        .containsExactlyElementsOf(perJvm.get(0).stream().map(Trial::storedBytes).toList());
  }

  @Test
  void eachFigureIsTheMedianOverTheJvms() {
    StorageOption zstd = new StorageOption(DataBlockEncoding.FAST_DIFF, Algorithm.ZSTD);
    StorageOption plain = new StorageOption(DataBlockEncoding.NONE, Algorithm.NONE);
    // One JVM's JIT made ZSTD read fast; another's wrote plain files slowly: the median leaves each out.
    List<List<Trial>> perJvm = List.of(
        List.of(new Trial(zstd, 1_000, 120, 80, 400), new Trial(plain, 1_000, 1_010, 300, 900)),
        List.of(new Trial(zstd, 1_000, 120, 70, 250), new Trial(plain, 1_000, 1_010, 100, 950)),
        List.of(new Trial(zstd, 1_000, 120, 75, 260), new Trial(plain, 1_000, 1_010, 290, 920)));

    assertThat(CodecAdvisor.medianAcross(perJvm)).containsExactly(new Trial(zstd, 1_000, 120, 75, 260),
        new Trial(plain, 1_000, 1_010, 290, 920));
  }

  @Test
  void aFailureInTheMeasuringJvmReachesTheCallerWithItsReason() {
    // HBase's writer refuses cells out of order; the refusal happens in the measuring JVM.
    List<Cell> cells = sensorLikeCells(10);
    Collections.reverse(cells);
    CodecAdvisor advisor = new CodecAdvisor(HBaseConfiguration.create(), 8 * 1024, ONE_PASS);

    assertThatThrownBy(() -> advisor.measureEachJvm(cells, List.of(new StorageOption(DataBlockEncoding.NONE,
        Algorithm.NONE)), 1, step -> { }))
        .isInstanceOf(IOException.class).hasMessageStartingWith("the advisor's measurements failed: ")
        .hasMessageContaining("not lexically larger");
  }

  @Test
  void objectivesPickByTheirRules() {
    List<Trial> trials = List.of(
        trial("NONE", Algorithm.NONE, 1_000, 900, 900),
        trial("FAST_DIFF", Algorithm.LZ4, 400, 600, 800),
        trial("FAST_DIFF", Algorithm.GZ, 300, 200, 300),
        trial("FAST_DIFF", Algorithm.ZSTD, 310, 450, 500));
    List<List<Trial>> oneJvm = List.of(trials);
    assertThat(CodecAdvisor.recommend(oneJvm, Objective.STORAGE).option().compression()).isEqualTo(Algorithm.GZ);
    assertThat(CodecAdvisor.recommend(oneJvm, Objective.SPEED).option().compression()).isEqualTo(Algorithm.NONE);
    // GZ is smallest but reads at a third of the fastest; LZ4 stores 40% at 8/9 of the fastest read, where ZSTD
    // saves a little more space (31%) but reads at 5/9: the least size x read time (x write time^1/4).
    CodecAdvisor.Recommendation balanced = CodecAdvisor.recommend(oneJvm, Objective.BALANCED);
    assertThat(balanced.option()).isEqualTo(new StorageOption(DataBlockEncoding.FAST_DIFF, Algorithm.LZ4));
    assertThat(balanced.reason()).isEqualTo("FAST_DIFF+LZ4 has the best balance of size and speed (the least size x"
        + " read time x fourth root of write time): 40% of the size without encoding or compression (NONE+NONE),"
        + " reads 800 MB/s, writes 600 MB/s. The smallest option, FAST_DIFF+GZ, takes 30%; the fastest reader,"
        + " NONE+NONE, reads 900 MB/s. The runner-up is FAST_DIFF+ZSTD: their balanced scores differ by 33%; with one"
        + " measuring JVM there is no spread between runs to tell whether that is a close call.");
    // One JVM's figures are the medians: the choice is the best by them, and no option is too close to call.
    assertThat(balanced.rivals()).isEmpty();
  }

  @Test
  void optionsCloserThanTheRunsSpreadForThePairAreTooCloseToCall() {
    // PREFIX+NONE reads 3.4% slower than NONE+NONE by the medians, but one JVM read them alike and another 11% apart:
    // too close to call. DIFF+NONE reads 20% slower, give or take 3.2%: clearly behind.
    List<List<Trial>> perJvm = List.of(
        List.of(trial("NONE", Algorithm.NONE, 1_000, 300, 900), trial("PREFIX", Algorithm.NONE, 700, 300, 870),
            trial("DIFF", Algorithm.NONE, 600, 300, 750)),
        List.of(trial("NONE", Algorithm.NONE, 1_000, 300, 900), trial("PREFIX", Algorithm.NONE, 700, 300, 900),
            trial("DIFF", Algorithm.NONE, 600, 300, 760)),
        List.of(trial("NONE", Algorithm.NONE, 1_000, 300, 900), trial("PREFIX", Algorithm.NONE, 700, 300, 810),
            trial("DIFF", Algorithm.NONE, 600, 300, 740)));

    CodecAdvisor.Recommendation speed = CodecAdvisor.recommend(perJvm, Objective.SPEED);
    CodecAdvisor.Recommendation balanced = CodecAdvisor.recommend(perJvm, Objective.BALANCED);
    CodecAdvisor.Recommendation storage = CodecAdvisor.recommend(perJvm, Objective.STORAGE);

    assertThat(speed.option()).isEqualTo(option("NONE", Algorithm.NONE));
    assertThat(speed.rivals()).singleElement().satisfies(rival -> {
      assertThat(rival.option()).isEqualTo(option("PREFIX", Algorithm.NONE));
      assertThat(rival.difference()).isCloseTo(900.0 / 870 - 1, within(1e-12));
      assertThat(rival.spread()).isCloseTo(900.0 / 810 - 1, within(1e-12));
    });
    assertThat(speed.reason()).isEqualTo("NONE+NONE reads fastest: 900 MB/s, at 100% of the size without encoding or"
        + " compression (NONE+NONE), writes 300 MB/s. The smallest option, DIFF+NONE, takes 60%. NONE+NONE and"
        + " PREFIX+NONE are too close to call: their read speeds differ by 3.4%, less than the 11% spread between"
        + " runs.");
    // By size x read time, DIFF+NONE is 0.6% ahead of PREFIX+NONE, and the JVMs disagree about the two by 8.1%.
    assertThat(balanced.option()).isEqualTo(option("DIFF", Algorithm.NONE));
    assertThat(balanced.rivals()).extracting(CodecAdvisor.Rival::option)
        .containsExactly(option("PREFIX", Algorithm.NONE));
    assertThat(balanced.reason()).endsWith(" The fastest reader, NONE+NONE, reads 900 MB/s. DIFF+NONE and PREFIX+NONE"
        + " are too close to call: their balanced scores differ by 0.6%, less than the 8.1% spread between runs.");
    // Sizes do not vary between runs: the next smallest is simply larger.
    assertThat(storage.option()).isEqualTo(option("DIFF", Algorithm.NONE));
    assertThat(storage.rivals()).isEmpty();
    assertThat(storage.reason()).isEqualTo("DIFF+NONE is the smallest: 60% of the size without encoding or compression"
        + " (NONE+NONE), reads 750 MB/s, writes 300 MB/s. The fastest reader, NONE+NONE, reads 900 MB/s. The next"
        + " smallest, PREFIX+NONE, is 17% larger.");
  }

  @Test
  void theRunnerUpIsNamedWithTheSpreadItIsBeyond() {
    // DIFF+NONE reads 20% slower than NONE+NONE, and the JVMs disagree about the two by only 3.2%.
    List<List<Trial>> perJvm = List.of(
        List.of(trial("NONE", Algorithm.NONE, 1_000, 300, 900), trial("DIFF", Algorithm.NONE, 600, 300, 750)),
        List.of(trial("NONE", Algorithm.NONE, 1_000, 300, 900), trial("DIFF", Algorithm.NONE, 600, 300, 760)),
        List.of(trial("NONE", Algorithm.NONE, 1_000, 300, 900), trial("DIFF", Algorithm.NONE, 600, 300, 740)));

    CodecAdvisor.Recommendation speed = CodecAdvisor.recommend(perJvm, Objective.SPEED);

    assertThat(speed.rivals()).isEmpty();
    assertThat(speed.reason()).endsWith(" The runner-up, DIFF+NONE, is behind: their read speeds differ by 20%, more"
        + " than the 3.2% spread between runs.");
  }

  @Test
  void anOptionJustAsSmallIsTooCloseToCallForStorageAndTheFasterReaderIsChosen() {
    List<List<Trial>> perJvm = List.of(
        List.of(trial("DIFF", Algorithm.GZ, 300, 200, 300), trial("FAST_DIFF", Algorithm.GZ, 300, 200, 290),
            trial("DIFF", Algorithm.ZSTD, 301, 200, 400)),
        List.of(trial("DIFF", Algorithm.GZ, 300, 200, 280), trial("FAST_DIFF", Algorithm.GZ, 300, 200, 290),
            trial("DIFF", Algorithm.ZSTD, 301, 200, 400)));

    CodecAdvisor.Recommendation storage = CodecAdvisor.recommend(perJvm, Objective.STORAGE);

    // Upper medians of two JVMs: DIFF+GZ reads 300 MB/s, FAST_DIFF+GZ 290.
    assertThat(storage.option()).isEqualTo(option("DIFF", Algorithm.GZ));
    assertThat(storage.rivals()).containsExactly(new CodecAdvisor.Rival(option("FAST_DIFF", Algorithm.GZ), 0, 0));
    assertThat(storage.reason()).endsWith(" FAST_DIFF+GZ is just as small; DIFF+GZ reads fastest of them.");
  }

  @Test
  void jvmsThatMeasuredDifferentOptionsAreRefused() {
    List<List<Trial>> perJvm = List.of(List.of(trial("DIFF", Algorithm.GZ, 300, 200, 300)),
        List.of(trial("DIFF", Algorithm.ZSTD, 310, 200, 280)));

    assertThatThrownBy(() -> CodecAdvisor.recommend(perJvm, Objective.BALANCED))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("every measuring JVM's trials must be of the same options in the same order: expected"
            + " [DIFF+GZ], was [DIFF+ZSTD]");
    assertThatThrownBy(() -> CodecAdvisor.medianAcross(List.of())).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void theRunOffChoosesAmongTheFinalistsByEveryJvmsFigures() {
    // The screening's medians favour DIFF+GZ for balanced, by 6.9%, but the three JVMs disagree about the two by 23%
    // (one ranks DIFF+ZSTD ahead); four run-off JVMs all read DIFF+ZSTD faster, and over seven JVMs it is the choice.
    // FAST_DIFF+GZ, 22% behind DIFF+GZ give or take 8%, and PREFIX+GZ are not measured again.
    List<List<Trial>> screening = List.of(screeningJvm(300, 280), screeningJvm(300, 290), screeningJvm(280, 330));
    List<StorageOption> finalists = CodecAdvisor.finalists(screening, List.of());
    List<List<Trial>> runOff = new ArrayList<>();
    for (int jvm = 0; jvm < 4; jvm++) {
      runOff.add(screeningJvm(290, 320).stream().filter(trial -> finalists.contains(trial.option())).toList());
    }
    Measurement measured = new Measurement(screening, finalists, runOff);

    assertThat(finalists).containsExactly(option("DIFF", Algorithm.GZ), option("DIFF", Algorithm.ZSTD),
        option("NONE", Algorithm.NONE));
    assertThat(measured.screening()).hasSize(5);
    assertThat(measured.finalsPerJvm()).hasSize(7)
        .allSatisfy(jvm -> assertThat(jvm).extracting(Trial::option).containsExactlyElementsOf(finalists));
    assertThat(measured.finals()).extracting(Trial::readMBps).containsExactly(290.0, 320.0, 900.0);
    CodecAdvisor.Recommendation balanced = measured.recommend(Objective.BALANCED);
    assertThat(balanced.option()).isEqualTo(option("DIFF", Algorithm.ZSTD));
    // Behind by 6.8% over seven JVMs, which disagree about the two by 24%: two read DIFF+GZ faster.
    assertThat(balanced.rivals()).singleElement().satisfies(rival -> {
      assertThat(rival.option()).isEqualTo(option("DIFF", Algorithm.GZ));
      assertThat(rival.difference()).isCloseTo((300.0 / 290) / (310.0 / 320) - 1, within(1e-12));
      assertThat(rival.spread()).isCloseTo((300.0 / 280) / (310.0 / 330) - (300.0 / 300) / (310.0 / 280),
          within(1e-12));
    });
    // The choice's figures are the finals'; the smallest and the fastest are of every option screened.
    assertThat(balanced.reason()).isEqualTo("DIFF+ZSTD has the best balance of size and speed (the least size x read"
        + " time x fourth root of write time): 10% of the size without encoding or compression (NONE+NONE), reads"
        + " 320 MB/s, writes 200 MB/s. The smallest option, DIFF+GZ, takes 10%; the fastest reader, NONE+NONE,"
        + " reads 900 MB/s. DIFF+ZSTD and DIFF+GZ are too close to call: their balanced scores differ by 6.8%, less"
        + " than the 24% spread between runs.");
    assertThat(measured.recommend(Objective.SPEED).option()).isEqualTo(option("NONE", Algorithm.NONE));
    assertThat(measured.recommend(Objective.STORAGE).option()).isEqualTo(option("DIFF", Algorithm.GZ));
  }

  @Test
  void optionsGivenForTheRunOffAreFinalistsAndMustHaveBeenScreened() {
    List<List<Trial>> screening = List.of(screeningJvm(300, 280));

    assertThat(CodecAdvisor.finalists(screening, List.of(option("PREFIX", Algorithm.GZ)))).containsExactly(
        option("DIFF", Algorithm.GZ), option("PREFIX", Algorithm.GZ), option("NONE", Algorithm.NONE));
    assertThatThrownBy(() -> CodecAdvisor.finalists(screening, List.of(option("ROW_INDEX_V1", Algorithm.LZ4))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("ROW_INDEX_V1+LZ4 cannot be a finalist: it was not measured");
  }

  @Test
  void aRunOffJvmMustHaveMeasuredTheFinalistsInTheirOrder() {
    List<List<Trial>> screening = List.of(screeningJvm(300, 280));
    List<StorageOption> finalists = List.of(option("DIFF", Algorithm.GZ), option("NONE", Algorithm.NONE));

    assertThatThrownBy(() -> new Measurement(screening, finalists, List.of(List.of(screening.get(0).get(0)))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("every run-off JVM must have measured the finalists [DIFF+GZ, NONE+NONE] in their order, was"
            + " [DIFF+GZ]");
    assertThatThrownBy(() -> new Measurement(screening, List.of(finalists.get(1), finalists.get(0)), List.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("the finalists [NONE+NONE, DIFF+GZ] must be screened options in the screening's"
            + " order");
  }

  /** One JVM's figures: DIFF+GZ and DIFF+ZSTD read as given and are the close options; the rest are not close. */
  private static List<Trial> screeningJvm(double gzRead, double zstdRead) {
    return List.of(trial("DIFF", Algorithm.GZ, 300, 200, gzRead), trial("DIFF", Algorithm.ZSTD, 310, 200, zstdRead),
        trial("FAST_DIFF", Algorithm.GZ, 305, 200, 250), trial("PREFIX", Algorithm.GZ, 400, 200, 250),
        trial("NONE", Algorithm.NONE, 3_000, 900, 900));
  }

  private static StorageOption option(String encoding, Algorithm compression) {
    return new StorageOption(DataBlockEncoding.valueOf(encoding), compression);
  }

  @Test
  void scoresAreRelativeToTheBestByEachObjectivesRule() {
    Trial none = trial("NONE", Algorithm.NONE, 1_000, 900, 900);
    Trial lz4 = trial("FAST_DIFF", Algorithm.LZ4, 400, 600, 800);
    Trial gz = trial("FAST_DIFF", Algorithm.GZ, 300, 200, 300);
    Trial zstd = trial("FAST_DIFF", Algorithm.ZSTD, 310, 450, 500);
    List<Trial> trials = List.of(none, lz4, gz, zstd);

    assertThat(Objective.STORAGE.score(gz, trials)).isEqualTo(1.0);
    assertThat(Objective.STORAGE.score(zstd, trials)).isEqualTo(310.0 / 300);
    assertThat(Objective.SPEED.score(none, trials)).isEqualTo(1.0);
    assertThat(Objective.SPEED.score(lz4, trials)).isEqualTo(900.0 / 800);
    // Bytes / read MB/s / write MB/s^1/4, relative to LZ4's 400 / 800 / 600^1/4.
    double lz4Cost = 400 / 800.0 / Math.pow(600, 0.25);
    assertThat(Objective.BALANCED.score(lz4, trials)).isEqualTo(1.0);
    assertThat(Objective.BALANCED.score(zstd, trials)).isCloseTo(310 / 500.0 / Math.pow(450, 0.25) / lz4Cost,
        within(1e-12));
    // The smallest, but its slow reads and writes cost more than its 25% saving on LZ4 is worth.
    assertThat(Objective.BALANCED.score(gz, trials)).isCloseTo(300 / 300.0 / Math.pow(200, 0.25) / lz4Cost,
        within(1e-12));
    assertThat(Objective.BALANCED.score(gz, trials)).isGreaterThan(Objective.BALANCED.score(zstd, trials));
  }

  private static Trial trial(List<Trial> trials, DataBlockEncoding encoding, Algorithm compression) {
    return trials.stream().filter(t -> t.option().equals(new StorageOption(encoding, compression))).findFirst()
        .orElseThrow();
  }

  private static Trial trial(String encoding, Algorithm compression, long stored, double write, double read) {
    return new Trial(new StorageOption(DataBlockEncoding.valueOf(encoding), compression), 1_000, stored, write, read);
  }

  /** A few houses reporting every minute: time-ordered rows, slowly varying readings. */
  static List<Cell> sensorLikeCells(int rows) {
    Random random = new Random(7);
    List<Cell> cells = new ArrayList<>();
    double temperature = 20;
    for (int i = 0; i < rows; i++) {
      byte[] row = Bytes.toBytes(String.format("house%02d-%010d", i % 4, 1_700_000_000L + 60L * (i / 4)));
      temperature += random.nextGaussian() * 0.05;
      cells.add(new KeyValue(row, FAMILY, Bytes.toBytes("temp"), 1L,
          Bytes.toBytes(String.format("%.2f", temperature))));
      cells.add(new KeyValue(row, FAMILY, Bytes.toBytes("gas"), 1L, Bytes.toBytes(String.format("%.3f",
          0.03 + random.nextGaussian() * 0.001))));
    }
    cells.sort(CellComparator.getInstance());
    return cells;
  }
}
