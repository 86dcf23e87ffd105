package org.hbaseturbo.advisor;

import java.io.IOException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.hbase.util.CommonFSUtils;

/**
 * How much disk a family's store files take, as the cluster reports it: the RegionServers' own figure (whole
 * megabytes per region, which is all HBase reports) and, when the client configuration names the cluster's
 * {@code hbase.rootdir} and the client can read it, the exact bytes of the family's store files there.
 *
 * <p>The file system figure counts only when it holds exactly the store files the RegionServers report: files
 * a compaction replaced stay in place until the RegionServer's discharger removes them
 * ({@code hbase.hfile.compaction.discharger.interval}, 2 minutes by default).
 *
 * @param reportedMegabytes sum of the regions' store file sizes as their RegionServers report them
 * @param fileBytes exact size of the family's live store files; null when the file system is not readable from
 *     here or still holds replaced files
 */
public record FamilyStorage(double reportedMegabytes, Long fileBytes) {

  /**
   * The storage once the RegionServers have reported since now: they report sizes with their heartbeat
   * ({@code hbase.regionserver.msginterval}), so this waits two heartbeats first.
   */
  public static FamilyStorage afterHeartbeats(Admin admin, Configuration clientConf, TableName table,
      byte[] family) throws IOException {
    long heartbeatMs = clientConf.getLong("hbase.regionserver.msginterval", 3_000);
    try {
      Thread.sleep(2 * heartbeatMs + 500);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while waiting for RegionServer reports", e);
    }
    return of(admin, clientConf, table, family);
  }

  /**
   * {@link #afterHeartbeats}, then, if the cluster's file system is readable from here, waits up to
   * {@code timeout} for it to hold only the live store files, so that the exact figure can be given.
   */
  public static FamilyStorage settled(Admin admin, Configuration clientConf, TableName table, byte[] family,
      java.time.Duration timeout, java.util.function.Consumer<String> progress) throws IOException {
    FamilyStorage storage = afterHeartbeats(admin, clientConf, table, family);
    long deadline = System.nanoTime() + timeout.toNanos();
    if (storage.fileBytes() == null && clientConf.get(HConstants.HBASE_DIR) != null) {
      progress.accept("waiting for the RegionServers to remove the store files the compaction replaced ...");
    }
    while (storage.fileBytes() == null && clientConf.get(HConstants.HBASE_DIR) != null
        && System.nanoTime() < deadline) {
      storage = afterHeartbeats(admin, clientConf, table, family);
    }
    return storage;
  }

  /** @param family the family to measure; null for all the table's families */
  public static FamilyStorage of(Admin admin, Configuration clientConf, TableName table, byte[] family)
      throws IOException {
    double megabytes = 0;
    long reportedFiles = 0;
    for (ServerName server : admin.getRegionServers()) {
      for (RegionMetrics region : admin.getRegionMetrics(server, table)) {
        megabytes += region.getStoreFileSize().get(Size.Unit.MEGABYTE);
        reportedFiles += region.getStoreFileCount();
      }
    }
    return new FamilyStorage(megabytes, fileBytes(clientConf, table, family, reportedFiles));
  }

  private static Long fileBytes(Configuration conf, TableName table, byte[] family, long reportedFiles)
      throws IOException {
    String rootDir = conf.get(HConstants.HBASE_DIR);
    if (rootDir == null) {
      return null;
    }
    Path tableDir = CommonFSUtils.getTableDir(new Path(rootDir), table);
    FileSystem fs = tableDir.getFileSystem(conf);
    if (!fs.exists(tableDir)) {
      return null;
    }
    String familyName = family == null ? null : Bytes.toString(family);
    long bytes = 0;
    long files = 0;
    for (FileStatus region : fs.listStatus(tableDir)) {
      if (!region.isDirectory() || region.getPath().getName().startsWith(".")) {
        continue;
      }
      // Every family's store files, to compare with the count the RegionServers report per region.
      for (FileStatus store : fs.listStatus(region.getPath())) {
        String name = store.getPath().getName();
        if (!store.isDirectory() || name.startsWith(".") || name.equals("recovered.edits")) {
          continue;
        }
        for (FileStatus file : fs.listStatus(store.getPath())) {
          if (file.isFile()) {
            files++;
            bytes += familyName == null || name.equals(familyName) ? file.getLen() : 0;
          }
        }
      }
    }
    return files == reportedFiles ? bytes : null;
  }
}
