package org.hbaseturbo.advisor;

import java.io.IOException;
import java.time.Duration;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.Size;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.hbaseturbo.common.Pause;

/**
 * How much disk a family's store files take, as the cluster reports it: the RegionServers' own figure (whole
 * megabytes per region, which is all HBase reports) and, when the client configuration names the cluster's
 * {@code hbase.rootdir} and the client can read it, the exact bytes of the family's store files there.
 *
 * <p>The RegionServers answer {@link Admin#getRegionMetrics(ServerName, TableName)} from their regions' current
 * store files, not from a report of their last heartbeat, so both figures are read at once. The file system figure
 * counts only when the directory holds exactly the store files the RegionServers report: files a compaction
 * replaced stay in place until the RegionServer's discharger removes them ({@link StoreFiles}).
 *
 * @param reportedMegabytes sum of the regions' store file sizes as their RegionServers report them
 * @param fileBytes exact size of the family's live store files; null when the file system is not readable from
 *     here or still holds replaced files
 */
public record FamilyStorage(double reportedMegabytes, Long fileBytes) {
  /** The RegionServers' replies are cheap; the discharger runs every 10 s on the embedded cluster. */
  private static final Duration POLL = Duration.ofSeconds(1);

  /**
   * The storage now; if the cluster's file system is readable from here but still holds replaced store files,
   * polls until the RegionServers have removed them or {@code timeout} has passed, so that the exact figure can be
   * given.
   */
  public static FamilyStorage settled(Admin admin, Configuration clientConf, TableName table, byte[] family,
      Duration timeout, Consumer<String> progress) throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    FamilyStorage storage = of(admin, clientConf, table, family);
    if (storage.fileBytes() == null && StoreFiles.list(clientConf, table) != null) {
      progress.accept("waiting for the RegionServers to remove the store files a compaction replaced ...");
      while (storage.fileBytes() == null && System.nanoTime() < deadline) {
        Pause.sleep(POLL, "waiting for the cluster");
        storage = of(admin, clientConf, table, family);
      }
    }
    return storage;
  }

  /** @param family the family to measure; null for all the table's families */
  public static FamilyStorage of(Admin admin, Configuration clientConf, TableName table, byte[] family)
      throws IOException {
    Reported reported = Reported.of(admin, table);
    StoreFiles files = StoreFiles.list(clientConf, table);
    return new FamilyStorage(reported.megabytes(),
        files != null && files.count() == reported.files() ? files.bytes(family) : null);
  }

  /** What the RegionServers report for the table's regions: store file megabytes and live store files. */
  record Reported(double megabytes, long files) {
    static Reported of(Admin admin, TableName table) throws IOException {
      double megabytes = 0;
      long files = 0;
      for (ServerName server : admin.getRegionServers()) {
        for (RegionMetrics region : admin.getRegionMetrics(server, table)) {
          megabytes += region.getStoreFileSize().get(Size.Unit.MEGABYTE);
          files += region.getStoreFileCount();
        }
      }
      return new Reported(megabytes, files);
    }
  }
}
