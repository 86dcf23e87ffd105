package org.hbaseturbo.advisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hbaseturbo.advisor.TestingReadings.OTHER;
import static org.hbaseturbo.advisor.TestingReadings.READINGS;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(SharedHBaseCluster.class)
class AdvisorRunIT {
  private static final int ROWS = 2_000;
  /** One JVM, one untimed and one timed pass: the order of the run is under test here, not the figures. */
  private static final TrialPlan ONE_PASS = new TrialPlan(1, 0, 1, new WarmUp(1, Duration.ZERO));

  @Test
  void measuresAdvisesAndOnlyThenAppliesTheObjectivesChoice(Connection connection) throws Exception {
    TableName name = readings(connection, "advise");
    Events events = new Events();

    AdvisorRun.Result result = new AdvisorRun(connection, events).run(request(name, Optional.of("readings"), true,
        Optional.empty()));

    AdvisorRun.Advice advice = result.advice().orElseThrow();
    assertThat(advice.sampleCells()).isEqualTo(500);
    assertThat(advice.measurement().screening()).hasSize(CodecAdvisor.options().size());
    assertThat(advice.recommendations()).extracting(CodecAdvisor.Recommendation::objective)
        .containsExactly(Objective.values());
    StorageOption chosen = advice.recommendation(Objective.STORAGE).option();
    // Slowly varying sensor text: the smallest files are compressed ones, the fastest reads uncompressed, so that
    // applying another objective's choice than the one asked for shows.
    assertThat(chosen.compression()).isNotEqualTo(Algorithm.NONE);
    assertThat(result.applied().orElseThrow().option()).isEqualTo(chosen);
    assertThat(result.family()).isEqualTo("readings");
    assertThat(result.blockSize()).isEqualTo(ColumnFamilyDescriptorBuilder.DEFAULT_BLOCKSIZE);
    try (Admin admin = connection.getAdmin()) {
      ColumnFamilyDescriptor family = admin.getDescriptor(name).getColumnFamily(READINGS);
      assertThat(new StorageOption(family.getDataBlockEncoding(), family.getCompressionType())).isEqualTo(chosen);
      assertThat(admin.getDescriptor(name).getColumnFamily(OTHER).getCompressionType()).isEqualTo(Algorithm.NONE);
    }
    // Sampling, measuring, the advice, and only then the change: a reader sees the advice before the wait.
    assertThat(events.seen.get(0)).isEqualTo("step: sampling up to 500 rows of " + name
        + ":readings (BLOCKSIZE 65,536) ...");
    assertThat(events.seen.get(1)).startsWith("step: measuring " + CodecAdvisor.options().size()
        + " options on 500 cells in 1 JVM, 1 timed pass after untimed ones (");
    int advised = events.seen.indexOf("advised");
    assertThat(events.seen.subList(2, advised)).isNotEmpty().allSatisfy(event -> assertThat(event)
        .startsWith("measuring: JVM 1/1: "));
    assertThat(events.seen.subList(advised + 1, events.seen.size())).isNotEmpty()
        .allSatisfy(event -> assertThat(event).startsWith("step: "))
        .first().isEqualTo("step: family readings of " + name + " now uses " + chosen
            + "; major compaction requested");
  }

  @Test
  void advisesWithoutChangingTheFamilyUnlessToldToApply(Connection connection) throws Exception {
    TableName name = readings(connection, "advise-only");
    ColumnFamilyDescriptor before = descriptor(connection, name);
    Events events = new Events();

    AdvisorRun.Result result = new AdvisorRun(connection, events).run(request(name, Optional.of("readings"), false,
        Optional.empty()));

    assertThat(result.advice()).isPresent();
    assertThat(result.applied()).isEmpty();
    assertThat(events.seen).last().isEqualTo("advised");
    assertThat(descriptor(connection, name)).isEqualTo(before);
  }

  @Test
  void anOptionToUseIsAppliedWithoutSamplingOrMeasuring(Connection connection) throws Exception {
    TableName name = readings(connection, "use");
    StorageOption diffGz = new StorageOption(DataBlockEncoding.DIFF, Algorithm.GZ);
    Events events = new Events();

    AdvisorRun.Result result = new AdvisorRun(connection, events).run(request(name, Optional.of("readings"), true,
        Optional.of(diffGz)));

    assertThat(result.advice()).isEmpty();
    assertThat(result.applied().orElseThrow().option()).isEqualTo(diffGz);
    assertThat(descriptor(connection, name).getCompressionType()).isEqualTo(Algorithm.GZ);
    assertThat(events.seen).isNotEmpty().allSatisfy(event -> assertThat(event).startsWith("step: ")
        .doesNotContain("sampling"));
  }

  @Test
  void theFamilyIsTheNamedOneOrTheOnlyOneAndMustHoldCells(Connection connection) throws Exception {
    AdvisorRun run = new AdvisorRun(connection, new Events());
    assertThatThrownBy(() -> run.run(request(TableName.valueOf("nosuch"), Optional.empty(), false, Optional.empty())))
        .isInstanceOf(InvalidInputException.class).hasMessage("table 'nosuch' does not exist on the cluster");

    TableName two = readings(connection, "two-families");
    assertThatThrownBy(() -> run.run(request(two, Optional.empty(), false, Optional.empty())))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("table '" + two + "' has families [other, readings]; name one with --family");
    assertThatThrownBy(() -> run.run(request(two, Optional.of("nope"), false, Optional.empty())))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("table '" + two + "' has no column family 'nope' (it has [other, readings])");

    TableName empty = TestingTables.create(connection, "empty", READINGS);
    Events events = new Events();
    // The table's only family, found without a name; it shows as empty once sampled.
    assertThatThrownBy(() -> new AdvisorRun(connection, events).run(request(empty, Optional.empty(), true,
        Optional.empty())))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("family 'readings' of table '" + empty + "' holds no cells to sample");
    assertThat(events.seen).containsExactly("step: sampling up to 500 rows of " + empty
        + ":readings (BLOCKSIZE 65,536) ...");
  }

  @Test
  void aTableWhoseCompactionsAreDisabledIsAdvisedButRefusedAnApplyBeforeAnythingIsMeasured(Connection connection)
      throws Exception {
    TableName name = TestingReadings.create(connection, "uncompacted", false);
    TestingReadings.load(connection, name, ROWS, 7);
    Events events = new Events();

    assertThatThrownBy(() -> new AdvisorRun(connection, events).run(request(name, Optional.of("readings"), true,
        Optional.empty())))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("table '" + name + "' has compactions disabled (COMPACTION_ENABLED => false)");
    assertThat(events.seen).isEmpty();
    // Advice alone changes nothing, so it is given.
    assertThat(new AdvisorRun(connection, new Events()).run(request(name, Optional.of("readings"), false,
        Optional.empty())).advice()).isPresent();
  }

  @Test
  void anOptionToUseComesOnlyWithApply() {
    StorageOption diffGz = new StorageOption(DataBlockEncoding.DIFF, Algorithm.GZ);
    assertThatThrownBy(() -> request(TableName.valueOf("t"), Optional.empty(), false, Optional.of(diffGz)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("an option to use (DIFF+GZ) is one to apply: set apply");
  }

  private static AdvisorRun.Request request(TableName table, Optional<String> family, boolean apply,
      Optional<StorageOption> use) {
    return new AdvisorRun.Request(table, family, 500, Objective.STORAGE, ONE_PASS, apply, use,
        FamilyRewriter.DEFAULT_TIMEOUT);
  }

  private static ColumnFamilyDescriptor descriptor(Connection connection, TableName name) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      return admin.getDescriptor(name).getColumnFamily(READINGS);
    }
  }

  /** Every call of the listener, in order: "step: ...", "measuring: ...", "advised". */
  private static final class Events implements AdvisorRun.Listener {
    final List<String> seen = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void step(String line) {
      seen.add("step: " + line);
    }

    @Override
    public void measuring(String what) {
      seen.add("measuring: " + what);
    }

    @Override
    public void advised(AdvisorRun.Advice advice) {
      seen.add("advised");
    }
  }

  /** One region of {@value #ROWS} readings. */
  private static TableName readings(Connection connection, String prefix) throws IOException {
    TableName name = TestingReadings.create(connection, prefix, true);
    TestingReadings.load(connection, name, ROWS, 7);
    return name;
  }
}
