package org.hbaseturbo.advisor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.hbaseturbo.advisor.TestingReadings.OTHER;
import static org.hbaseturbo.advisor.TestingReadings.READINGS;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.apache.hadoop.hbase.io.hfile.CacheConfig;
import org.apache.hadoop.hbase.io.hfile.HFile;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.CommonFSUtils;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(SharedHBaseCluster.class)
class FamilyRewriterIT {
  private static final int ROWS = 4_000;
  private static final StorageOption DIFF_GZ = new StorageOption(DataBlockEncoding.DIFF, Algorithm.GZ);

  @Test
  void rewritesEveryRegionsFilesOfTheFamilyAndNoOthers(Connection connection) throws Exception {
    TableName name = table(connection, "rewrite", true);
    List<String> values = TestingReadings.load(connection, name, ROWS, 5);
    try (Admin admin = connection.getAdmin()) {
      admin.flush(name);
    }
    Map<String, Long> before = storeFiles(connection, name);
    List<String> steps = Collections.synchronizedList(new ArrayList<>());

    FamilyRewriter.Rewrite rewrite = new FamilyRewriter(connection, FamilyRewriter.DEFAULT_TIMEOUT, steps::add)
        .rewrite(name, READINGS, DIFF_GZ);

    try (Admin admin = connection.getAdmin()) {
      ColumnFamilyDescriptor family = admin.getDescriptor(name).getColumnFamily(READINGS);
      assertThat(family.getCompressionType()).isEqualTo(Algorithm.GZ);
      assertThat(family.getDataBlockEncoding()).isEqualTo(DataBlockEncoding.DIFF);
      assertThat(admin.getDescriptor(name).getColumnFamily(OTHER).getCompressionType()).isEqualTo(Algorithm.NONE);
    }
    Map<String, Long> after = storeFiles(connection, name);
    Map<String, Long> written = new HashMap<>(after);
    written.keySet().removeAll(before.keySet());
    // One new file per region of the family that was compacted, and none of the other family.
    assertThat(written).hasSize(2).allSatisfy((file, length) -> assertThat(file).contains("/readings/"));
    assertThat(after.keySet()).containsAll(before.keySet().stream().filter(file -> file.contains("/other/"))
        .toList());
    for (String file : written.keySet()) {
      assertThat(writtenWith(connection, name, file)).isEqualTo("DIFF+GZ");
    }
    // The family's bytes after are its new files', exact at once though the replaced ones are still there.
    assertThat(rewrite.after().fileBytes()).isEqualTo(written.values().stream().mapToLong(Long::longValue).sum());
    long readingsBefore = before.entrySet().stream().filter(file -> file.getKey().contains("/readings/"))
        .mapToLong(Map.Entry::getValue).sum();
    assertThat(rewrite.before().fileBytes()).isEqualTo(readingsBefore);
    assertThat(rewrite.after().fileBytes()).isPositive().isLessThan(readingsBefore / 2);
    assertThat(rewrite.option()).isEqualTo(DIFF_GZ);
    assertThat(steps).first().asString()
        .isEqualTo("family readings of " + name + " now uses DIFF+GZ; major compaction requested");
    assertThat(steps).last().asString().startsWith("major compaction finished in ")
        .endsWith("; every region's store files rewritten");
    assertThat(TestingReadings.read(connection, name)).containsExactlyElementsOf(values);
  }

  @Test
  void aCompactionThatDoesNotRunIsReportedAtOnceNotAwaited(Connection connection) throws Exception {
    TableName name = table(connection, "unswitched", true);
    TestingReadings.load(connection, name, ROWS, 5);
    long start = System.nanoTime();

    // HBase ignores compaction requests while its RegionServers' compactions are switched off: no region compacts.
    try (Admin admin = connection.getAdmin()) {
      admin.compactionSwitch(false, List.of());
      try {
        assertThatThrownBy(() -> new FamilyRewriter(connection, FamilyRewriter.DEFAULT_TIMEOUT, step -> { })
            .rewrite(name, READINGS, DIFF_GZ))
            .isInstanceOf(IOException.class)
            .hasMessageStartingWith("family readings of " + name + " now uses DIFF+GZ, but the major compaction did"
                + " not rewrite the store files of 2 region(s) [")
            .hasMessageEndingWith("(are compactions switched off on its RegionServers? HBase shell: compaction_switch"
                + " true); files written from now on use DIFF+GZ");
      } finally {
        admin.compactionSwitch(true, List.of());
      }
    }
    assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMinutes(1));
  }

  @Test
  void aTableWhoseCompactionsAreDisabledIsRefusedAndNothingIsModified(Connection connection) throws Exception {
    TableName name = table(connection, "uncompacted", false);
    TestingReadings.load(connection, name, ROWS, 5);
    ColumnFamilyDescriptor before = readingsFamily(connection, name);

    // HBase drops a compaction request for such a table unrun: the family would keep an option its files never took.
    assertThatThrownBy(() -> new FamilyRewriter(connection, FamilyRewriter.DEFAULT_TIMEOUT, step -> { })
        .rewrite(name, READINGS, DIFF_GZ))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("table '" + name + "' has compactions disabled (COMPACTION_ENABLED => false), so its files"
            + " cannot be rewritten; enable them (HBase shell: alter '" + name + "', COMPACTION_ENABLED => true)."
            + " Nothing was modified");
    assertThat(readingsFamily(connection, name)).isEqualTo(before);
  }

  @Test
  void aCodecThatDoesNotWorkOnARegionServerIsRefusedAndNothingIsModified(Connection connection) throws Exception {
    TableName name = table(connection, "refused", true);
    TestingReadings.load(connection, name, ROWS, 5);
    ColumnFamilyDescriptor before = readingsFamily(connection, name);

    // Hadoop's pure-Java BZip2 codec does not work through HBase's compression API.
    assertThatThrownBy(() -> new FamilyRewriter(connection, FamilyRewriter.DEFAULT_TIMEOUT, step -> { })
        .rewrite(name, READINGS, new StorageOption(DataBlockEncoding.FAST_DIFF, Algorithm.BZIP2)))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("not applying FAST_DIFF+BZIP2: bzip2 does not work on RegionServer ")
        .hasMessageEndingWith("; nothing was modified");
    assertThat(readingsFamily(connection, name)).isEqualTo(before);
  }

  /** The readings family as the table's descriptor has it now. */
  private static ColumnFamilyDescriptor readingsFamily(Connection connection, TableName table) throws IOException {
    try (Admin admin = connection.getAdmin()) {
      return admin.getDescriptor(table).getColumnFamily(READINGS);
    }
  }

  /** Two regions, split in the middle of the rows. */
  private static TableName table(Connection connection, String prefix, boolean compactions) throws IOException {
    return TestingReadings.create(connection, prefix, compactions, TestingReadings.row(ROWS / 2));
  }

  /** Every file under the table's region and family directories, as "region/family/file", with its length. */
  private static Map<String, Long> storeFiles(Connection connection, TableName name) throws IOException {
    Configuration conf = connection.getConfiguration();
    Path tableDir = CommonFSUtils.getTableDir(new Path(conf.get(HConstants.HBASE_DIR)), name);
    FileSystem fs = tableDir.getFileSystem(conf);
    Map<String, Long> files = new HashMap<>();
    for (FileStatus region : fs.listStatus(tableDir)) {
      for (byte[] family : List.of(READINGS, OTHER)) {
        Path store = new Path(region.getPath(), Bytes.toString(family));
        if (region.getPath().getName().startsWith(".") || !fs.exists(store)) {
          continue;
        }
        for (FileStatus file : fs.listStatus(store)) {
          files.put(region.getPath().getName() + "/" + Bytes.toString(family) + "/" + file.getPath().getName(),
              file.getLen());
        }
      }
    }
    return files;
  }

  /** The encoding and compression a store file ("region/family/file") records, as ENCODING+CODEC. */
  private static String writtenWith(Connection connection, TableName name, String file) throws IOException {
    Configuration conf = connection.getConfiguration();
    Path path = new Path(CommonFSUtils.getTableDir(new Path(conf.get(HConstants.HBASE_DIR)), name), file);
    try (HFile.Reader reader = HFile.createReader(path.getFileSystem(conf), path, CacheConfig.DISABLED, true,
        conf)) {
      return new StorageOption(reader.getDataBlockEncoding(), reader.getTrailer().getCompressionCodec()).toString();
    }
  }
}
