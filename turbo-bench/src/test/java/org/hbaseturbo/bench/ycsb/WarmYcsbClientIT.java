package org.hbaseturbo.bench.ycsb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.hbaseturbo.cluster.ClusterTarget;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** One warm client measures two tables in turn, then at once, each measurement its own, writes flushed within it. */
@ExtendWith(SharedHBaseCluster.class)
class WarmYcsbClientIT {
  private static final int RECORDS = 1_000;

  @Test
  void measuresEachTableInTurnAndEndsEachMeasurementWithItsBufferedWritesSent(EmbeddedHBaseCluster cluster,
      Connection connection, @TempDir Path dir) throws Exception {
    TableName first = SharedHBaseCluster.uniqueTableName("warm_first");
    TableName second = SharedHBaseCluster.uniqueTableName("warm_second");
    // Only updates, buffered on the client in a buffer far larger than a measurement fills: without the flush at
    // each measurement's end, the tables would still be empty when it returns.
    Map<String, String> updates = Map.of("recordcount", String.valueOf(RECORDS), "readproportion", "0",
        "updateproportion", "1", "clientbuffering", "true", "writebuffersize", String.valueOf(64 << 20));
    Properties run = experiment(cluster, connection, dir, first, updates).phase(YcsbPhase.Kind.RUN, "warm", false)
        .properties();
    experiment(cluster, connection, dir.resolve("second"), second, updates).load(false);
    experiment(cluster, connection, dir.resolve("first"), first, updates).load(false);
    // Loaded, then emptied of values: what the measurement writes is what the scan finds.
    assertThat(TableRows.count(connection, first)).isEqualTo(RECORDS);
    truncate(connection, first);
    truncate(connection, second);

    try (WarmYcsbClient client = WarmYcsbClient.start(run, List.of(first.getNameAsString(),
        second.getNameAsString()), 2)) {
      WarmYcsbClient.Measurement one = client.measure(first.getNameAsString(), Duration.ofSeconds(1));
      long firstRows = TableRows.count(connection, first);
      long secondRowsAfterFirst = TableRows.count(connection, second);
      WarmYcsbClient.Measurement two = client.measure(second.getNameAsString(), Duration.ofSeconds(1));

      assertThat(one.table()).isEqualTo(first.getNameAsString());
      assertThat(one.operations()).isPositive();
      assertThat(one.failures()).isZero();
      assertThat(one.seconds()).isGreaterThanOrEqualTo(1.0);
      assertThat(one.p99Us()).isPositive();
      assertThat(firstRows).as("the first measurement's updates, sent by its end").isPositive();
      assertThat(secondRowsAfterFirst).as("nothing ran on the second table yet").isZero();
      assertThat(two.operations()).isPositive();
      assertThat(two.failures()).isZero();
      assertThat(TableRows.count(connection, second)).isPositive();

      // Both at once, a thread on each: each table's own measurement, its writes sent by its end.
      truncate(connection, first);
      truncate(connection, second);
      List<WarmYcsbClient.Measurement> both = client.measureTogether(List.of(second.getNameAsString(),
          first.getNameAsString()), Duration.ofSeconds(1));
      assertThat(both).extracting(WarmYcsbClient.Measurement::table).containsExactly(second.getNameAsString(),
          first.getNameAsString());
      assertThat(both).allSatisfy(measurement -> {
        assertThat(measurement.operations()).isPositive();
        assertThat(measurement.failures()).isZero();
      });
      assertThat(TableRows.count(connection, first)).isPositive();
      assertThat(TableRows.count(connection, second)).isPositive();
      assertThatThrownBy(() -> client.measureTogether(List.of(first.getNameAsString(), first.getNameAsString()),
          Duration.ofSeconds(1))).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("named once");

      // The threads went on after the measurement, their updates buffered; a pause sends them.
      truncate(connection, first);
      truncate(connection, second);
      client.pause();
      assertThat(TableRows.count(connection, first) + TableRows.count(connection, second))
          .as("the updates buffered since the measurement, sent by the pause").isPositive();
    }
  }

  @Test
  void aPauseStopsEveryWriteUntilTheNextMeasurement(EmbeddedHBaseCluster cluster, Connection connection,
      @TempDir Path dir) throws Exception {
    TableName table = SharedHBaseCluster.uniqueTableName("warm_paused");
    Map<String, String> updates = Map.of("recordcount", String.valueOf(RECORDS), "readproportion", "0",
        "updateproportion", "1");
    YcsbExperiment experiment = experiment(cluster, connection, dir, table, updates);
    Properties run = experiment.phase(YcsbPhase.Kind.RUN, "warm", false).properties();
    experiment.load(false);

    try (WarmYcsbClient client = WarmYcsbClient.start(run, List.of(table.getNameAsString()), 2)) {
      client.measure(table.getNameAsString(), Duration.ofMillis(500));
      client.pause();
      truncate(connection, table);
      Thread.sleep(500);
      assertThat(TableRows.count(connection, table)).as("nothing written while paused").isZero();

      WarmYcsbClient.Measurement after = client.measure(table.getNameAsString(), Duration.ofMillis(500));
      assertThat(after.operations()).as("the next measurement runs again").isPositive();
      assertThat(after.failures()).isZero();
      assertThat(TableRows.count(connection, table)).isPositive();
    }
  }

  private static void truncate(Connection connection, TableName table) throws Exception {
    try (var admin = connection.getAdmin()) {
      admin.disableTable(table);
      admin.truncateTable(table, true);
    }
  }

  private static YcsbExperiment experiment(EmbeddedHBaseCluster cluster, Connection connection, Path dir,
      TableName table, Map<String, String> overrides) throws Exception {
    Path conf = dir.resolve("conf");
    cluster.writeClientConfiguration(conf);
    Map<String, String> properties = new java.util.HashMap<>(overrides);
    properties.put("table", table.getNameAsString());
    properties.put("operationcount", "1000000000");
    YcsbExperiment.Settings settings = new YcsbExperiment.Settings("a", properties, 2, DbBinding.NATIVE, 2,
        YcsbWarmUp.operations(0), Optional.empty(), "loopback");
    return new YcsbExperiment(new ClusterTarget(connection, conf, "shared test cluster"), settings, dir,
        new PrintWriter(new StringWriter()));
  }
}
