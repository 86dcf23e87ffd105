package org.hbaseturbo.advisor;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.CommonFSUtils;

/**
 * A table's store files as its directory under {@code hbase.rootdir} holds them, read from the client: per region
 * (encoded name) and family, each file's name and length.
 *
 * <p>The directory holds the live store files and also those a compaction replaced, until the RegionServer's
 * discharger removes them ({@code hbase.hfile.compaction.discharger.interval}, 2 minutes by default): a listing
 * alone cannot tell the two apart, a count compared with the RegionServers' own can.
 */
final class StoreFiles {
  private final Map<String, Map<String, Map<String, Long>>> regions;

  private StoreFiles(Map<String, Map<String, Map<String, Long>>> regions) {
    this.regions = regions;
  }

  /**
   * The table's store files; null when the client configuration does not name {@code hbase.rootdir} or the table's
   * directory is not there (a client of a cluster whose file system it cannot read).
   */
  static StoreFiles list(Configuration conf, TableName table) throws IOException {
    String rootDir = conf.get(HConstants.HBASE_DIR);
    if (rootDir == null) {
      return null;
    }
    Path tableDir = CommonFSUtils.getTableDir(new Path(rootDir), table);
    FileSystem fs = tableDir.getFileSystem(conf);
    if (!fs.exists(tableDir)) {
      return null;
    }
    Map<String, Map<String, Map<String, Long>>> regions = new LinkedHashMap<>();
    for (FileStatus region : fs.listStatus(tableDir)) {
      if (!region.isDirectory() || region.getPath().getName().startsWith(".")) {
        continue;
      }
      Map<String, Map<String, Long>> families = new LinkedHashMap<>();
      for (FileStatus store : fs.listStatus(region.getPath())) {
        String name = store.getPath().getName();
        if (!store.isDirectory() || name.startsWith(".") || name.equals("recovered.edits")) {
          continue;
        }
        Map<String, Long> files = new LinkedHashMap<>();
        for (FileStatus file : fs.listStatus(store.getPath())) {
          if (file.isFile()) {
            files.put(file.getPath().getName(), file.getLen());
          }
        }
        families.put(name, files);
      }
      regions.put(region.getPath().getName(), families);
    }
    return new StoreFiles(regions);
  }

  /** Every family's files, live or replaced: to compare with the count the RegionServers report. */
  long count() {
    return regions.values().stream().flatMap(families -> families.values().stream()).mapToLong(Map::size).sum();
  }

  /** @param family null for every family */
  long bytes(byte[] family) {
    String name = family == null ? null : Bytes.toString(family);
    long bytes = 0;
    for (Map<String, Map<String, Long>> families : regions.values()) {
      for (Map.Entry<String, Map<String, Long>> store : families.entrySet()) {
        if (name == null || store.getKey().equals(name)) {
          bytes += store.getValue().values().stream().mapToLong(Long::longValue).sum();
        }
      }
    }
    return bytes;
  }

  /** The family's files in each region, by encoded region name: empty for a region that has none. */
  private Map<String, Long> files(String region, byte[] family) {
    return regions.getOrDefault(region, Map.of()).getOrDefault(Bytes.toString(family), Map.of());
  }

  /** The family's files here that {@code before} did not list, and their bytes. */
  NewFiles newSince(StoreFiles before, byte[] family) {
    long count = 0;
    long bytes = 0;
    for (String region : regions.keySet()) {
      Map<String, Long> old = before.files(region, family);
      for (Map.Entry<String, Long> file : files(region, family).entrySet()) {
        if (!old.containsKey(file.getKey())) {
          count++;
          bytes += file.getValue();
        }
      }
    }
    return new NewFiles(count, bytes);
  }

  /**
   * The regions (encoded names) that had files of the family in {@code before} and have no file here that
   * {@code before} did not list: those a major compaction of the family did not rewrite.
   */
  List<String> notRewrittenSince(StoreFiles before, byte[] family) {
    return before.regions.keySet().stream()
        .filter(region -> !before.files(region, family).isEmpty())
        .filter(region -> files(region, family).keySet().stream()
            .allMatch(file -> before.files(region, family).containsKey(file)))
        .toList();
  }

  /** Files of the other families, live or replaced. */
  long countOutside(byte[] family) {
    String name = Bytes.toString(family);
    return regions.values().stream().flatMap(families -> families.entrySet().stream())
        .filter(store -> !store.getKey().equals(name)).mapToLong(store -> store.getValue().size()).sum();
  }

  record NewFiles(long count, long bytes) {
  }
}
