package org.hbaseturbo.testing.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.ShrinkingMode;
import net.jqwik.api.lifecycle.AfterContainer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.client.Delete;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.testing.ResultLines;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.testsupport.TestingTables;
import org.hbaseturbo.wire.codec.MalformedCellBlockException;
import org.hbaseturbo.wire.codec.ReferencingCompactCellCodec;

/**
 * Differential test on the shared cluster. The same random writes go to two like tables, to one through a client
 * with the compact codec and to the other through a client with HBase's default codec (batches, which travel as
 * cellblocks: empty and 70 KB values, every kind of delete). Then random scans (columns, families, versions, time
 * ranges, batches of cells, caching) and gets and multi-gets (missing rows included) must read the same lines from
 * both tables through both clients: what the codec writes and what it reads are each checked on their own.
 */
class CompactCellCodecOnClusterIT {
  private static final List<byte[]> FAMILIES = List.of(Bytes.toBytes("a"), Bytes.toBytes("bb"), Bytes.toBytes("c"));
  private static final int QUALIFIERS = 20;
  private static final int READS_PER_TRY = 12;
  private static final AtomicInteger TRIES = new AtomicInteger();
  private static TableName viaCodecTable;
  private static TableName viaDefaultTable;
  private static Connection compact;

  @Property(tries = 12, shrinking = ShrinkingMode.OFF)
  void theCodecReturnsWhatTheDefaultCodecReturns(@ForAll long seed) throws IOException {
    Random random = new Random(seed);
    String prefix = "t" + TRIES.incrementAndGet() + "-";
    createTables();
    Connection plain = SharedHBaseCluster.connection();
    try (Table codecWritten = compactConnection().getTable(viaCodecTable);
        Table plainWritten = plain.getTable(viaDefaultTable);
        Table codecWrittenPlainRead = plain.getTable(viaCodecTable);
        Table plainWrittenCodecRead = compactConnection().getTable(viaDefaultTable)) {
      write(random, prefix, codecWritten, plainWritten);
      for (int i = 0; i < READS_PER_TRY; i++) {
        Scan scan = randomScan(prefix, random);
        List<String> expected = ResultLines.cells(plainWritten.getScanner(new Scan(scan)));
        assertThat(ResultLines.cells(codecWrittenPlainRead.getScanner(new Scan(scan)))).as("written, %s", scan)
            .isEqualTo(expected);
        assertThat(ResultLines.cells(plainWrittenCodecRead.getScanner(new Scan(scan)))).as("read, %s", scan)
            .isEqualTo(expected);
        assertThat(ResultLines.cells(codecWritten.getScanner(new Scan(scan)))).as("both, %s", scan)
            .isEqualTo(expected);
        List<Get> gets = randomGets(prefix, random);
        List<String> expectedGets = ResultLines.of(plainWritten.get(gets));
        assertThat(ResultLines.of(codecWritten.get(gets))).as("gets %s", gets).isEqualTo(expectedGets);
        assertThat(ResultLines.of(plainWrittenCodecRead.get(gets))).as("gets %s", gets).isEqualTo(expectedGets);
        Get get = gets.get(0);
        assertThat(ResultLines.of(codecWritten.get(get))).isEqualTo(ResultLines.of(plainWritten.get(get)));
      }
    }
    assertThat(CountingCompactCellCodec.SERVER_DECODERS).as("request cellblocks the servers decoded")
        .hasPositiveValue();
    assertThat(CountingCompactCellCodec.ENCODERS).as("cellblocks encoded, client and servers").hasPositiveValue();
  }

  /** The client sends LATEST_TIMESTAMP in no bytes at all; the server must still see it, and stamp its time. */
  @Property(tries = 1)
  void aPutWithoutTimestampGetsTheServersTime() throws IOException {
    createTables();
    byte[] row = Bytes.toBytes("latest");
    long before = System.currentTimeMillis();
    try (Table table = compactConnection().getTable(viaCodecTable)) {
      table.put(List.of(new Put(row).addColumn(FAMILIES.get(0), qualifier(1), Bytes.toBytes("v"))
          .addColumn(FAMILIES.get(1), qualifier(2), new byte[0])));
    }
    long after = System.currentTimeMillis();
    try (Table table = SharedHBaseCluster.connection().getTable(viaCodecTable)) {
      org.apache.hadoop.hbase.client.Result result = table.get(new Get(row));
      assertThat(result.rawCells()).hasSize(2);
      assertThat(result.rawCells()).allSatisfy(cell -> assertThat(cell.getTimestamp()).isBetween(before, after));
      assertThat(result.getValue(FAMILIES.get(0), qualifier(1))).isEqualTo(Bytes.toBytes("v"));
      assertThat(result.getValue(FAMILIES.get(1), qualifier(2))).isEmpty();
    }
  }

  /**
   * A client whose batch is a 64 KB cellblock of references to a 32 KB row and a 30 KB qualifier, which would decode
   * to 66 MB, gets the codec's refusal at once; the RegionServer decodes no further than the bound, writes none of
   * it, and serves on, that client included.
   */
  @Property(tries = 1)
  void aCellblockThatWouldDecodePastTheBoundIsRefusedAndTheServerServesOn() throws IOException {
    createTables();
    byte[] row = Bytes.toBytes("r".repeat(32_000)); // the client's region lookup adds the table name to it
    Put references = new Put(row);
    for (int i = 0; i < 1_039; i++) {
      references.addColumn(FAMILIES.get(0), new byte[30 * 1024], 1L, new byte[0]);
    }
    Configuration conf = SharedHBaseCluster.cluster().clientConfiguration();
    conf.set(HConstants.RPC_CODEC_CONF_KEY, ReferencingCompactCellCodec.class.getName());
    try (Connection hostile = ConnectionFactory.createConnection(conf);
        Table table = hostile.getTable(viaCodecTable)) {
      assertThatThrownBy(() -> table.put(List.of(references)))
          .hasStackTraceContaining(MalformedCellBlockException.class.getName())
          .hasStackTraceContaining("bytes (16 times its ");
      byte[] after = Bytes.toBytes("after-refusal");
      table.put(List.of(new Put(after).addColumn(FAMILIES.get(0), qualifier(1), Bytes.toBytes("v")),
          new Put(after).addColumn(FAMILIES.get(1), qualifier(2), new byte[0])));
      assertThat(table.get(new Get(after)).rawCells()).hasSize(2);
    }
    try (Table table = compactConnection().getTable(viaCodecTable)) {
      assertThat(table.get(new Get(row)).isEmpty()).as("the refused batch's row").isTrue();
      assertThat(table.get(new Get(Bytes.toBytes("after-refusal"))).rawCells()).hasSize(2);
    }
  }

  @AfterContainer
  static void closeConnection() throws IOException {
    if (compact != null) {
      compact.close();
    }
  }

  private static synchronized Connection compactConnection() throws IOException {
    if (compact == null) {
      Configuration conf = SharedHBaseCluster.cluster().clientConfiguration();
      conf.set(HConstants.RPC_CODEC_CONF_KEY, CountingCompactCellCodec.class.getName());
      compact = ConnectionFactory.createConnection(conf);
    }
    return compact;
  }

  /** Families a and c keep 3 versions, bb one; split so that tries span regions. */
  private static synchronized void createTables() throws IOException {
    if (viaCodecTable == null) {
      viaCodecTable = createTable("codec_written");
      viaDefaultTable = createTable("codec_baseline");
    }
  }

  private static TableName createTable(String prefix) throws IOException {
    return TestingTables.create(SharedHBaseCluster.connection(), prefix, table -> {
      for (byte[] family : FAMILIES) {
        table.setColumnFamily(ColumnFamilyDescriptorBuilder.newBuilder(family)
            .setMaxVersions(family.length == 1 ? 3 : 1).build());
      }
      return table;
    }, Bytes.toBytes("t3"), Bytes.toBytes("t7"));
  }

  private static byte[] row(String prefix, int i) {
    return Bytes.toBytes(prefix + "row" + i);
  }

  private static byte[] qualifier(int i) {
    return Bytes.toBytes(i % 7 == 0 ? "" : "q" + i);
  }

  private static byte[] value(Random random) {
    return switch (random.nextInt(12)) {
      case 0 -> new byte[0];
      case 1 -> Bytes.toBytes("x".repeat(70_000));
      default -> Bytes.toBytes("v" + random.nextInt(1_000));
    };
  }

  /**
   * The same puts and deletes to both tables. Every cell names its timestamp, so that both tables hold the same
   * cells; how a Put without one travels is {@link #aPutWithoutTimestampGetsTheServersTime}'s.
   */
  private static void write(Random random, String prefix, Table... tables) throws IOException {
    List<Put> puts = new ArrayList<>();
    for (int r = 0; r < 40; r++) {
      Put put = new Put(row(prefix, r));
      for (int c = random.nextInt(12); c > 0; c--) {
        byte[] family = FAMILIES.get(random.nextInt(FAMILIES.size()));
        put.addColumn(family, qualifier(random.nextInt(QUALIFIERS)), 1 + random.nextInt(50), value(random));
      }
      if (!put.isEmpty()) {
        puts.add(put);
      }
    }
    List<Delete> deletes = new ArrayList<>();
    for (int d = random.nextInt(8); d > 0; d--) {
      Delete delete = new Delete(row(prefix, random.nextInt(40)));
      byte[] family = FAMILIES.get(random.nextInt(FAMILIES.size()));
      long timestamp = 1 + random.nextInt(50);
      switch (random.nextInt(4)) {
        case 0 -> delete.addColumn(family, qualifier(random.nextInt(QUALIFIERS)), timestamp);
        case 1 -> delete.addColumns(family, qualifier(random.nextInt(QUALIFIERS)), timestamp);
        case 2 -> delete.addFamily(family, timestamp);
        default -> delete.addFamilyVersion(family, timestamp);
      }
      deletes.add(delete);
    }
    for (Table table : tables) {
      table.put(puts);
      table.delete(new ArrayList<>(deletes)); // Table.delete(List) removes from the list what it applied
    }
  }

  private static Scan randomScan(String prefix, Random random) throws IOException {
    Scan scan = new Scan().withStartRow(row(prefix, random.nextInt(10)))
        .withStopRow(Bytes.toBytes(prefix + "row" + (char) ('1' + random.nextInt(9))));
    narrow(scan, random);
    if (random.nextBoolean()) {
      scan.readVersions(1 + random.nextInt(3));
    }
    if (random.nextInt(4) == 0) {
      scan.setBatch(1 + random.nextInt(4));
    }
    scan.setCaching(1 + random.nextInt(30));
    return scan;
  }

  private static List<Get> randomGets(String prefix, Random random) throws IOException {
    List<Get> gets = new ArrayList<>();
    for (int g = 1 + random.nextInt(10); g > 0; g--) {
      Get get = new Get(row(prefix, random.nextInt(50))); // rows 40-49 were never written
      if (random.nextBoolean()) {
        get.readVersions(1 + random.nextInt(3));
      }
      if (random.nextInt(3) == 0) {
        get.setTimeRange(random.nextInt(20), 20 + random.nextInt(40));
      }
      if (random.nextBoolean()) {
        byte[] family = FAMILIES.get(random.nextInt(FAMILIES.size()));
        if (random.nextBoolean()) {
          get.addFamily(family);
        } else {
          get.addColumn(family, qualifier(random.nextInt(QUALIFIERS)));
          get.addColumn(family, qualifier(random.nextInt(QUALIFIERS)));
        }
      }
      gets.add(get);
    }
    return gets;
  }

  private static void narrow(Scan scan, Random random) throws IOException {
    switch (random.nextInt(4)) {
      case 0 -> scan.addFamily(FAMILIES.get(random.nextInt(FAMILIES.size())));
      case 1 -> {
        for (int c = 1 + random.nextInt(4); c > 0; c--) {
          scan.addColumn(FAMILIES.get(random.nextInt(FAMILIES.size())), qualifier(random.nextInt(QUALIFIERS)));
        }
      }
      case 2 -> scan.setTimeRange(random.nextInt(25), 25 + random.nextInt(40));
      default -> {
      }
    }
  }
}
