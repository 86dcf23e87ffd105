package org.hbaseturbo.advisor;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.RegionMetrics;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.client.MajorCompaction;
import org.hbaseturbo.client.compress.CodecAvailability;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.common.Pause;
import org.hbaseturbo.protocol.generated.CompressionCheckProtos.AlgorithmCheck;
import org.hbaseturbo.protocol.generated.CompressionCheckProtos.CompressionCheckResponse;

/**
 * Applies a storage option to a family, the one way {@code compress advise --apply} and the advisor benchmark do:
 * checks that its codec works on every RegionServer (or modifies nothing), flushes, measures the storage, sets the
 * encoding and compression in the family's descriptor (regions reopen), major-compacts the family, which rewrites
 * every store file with them, waits for the compaction by the RegionServers' own compaction state, and measures the
 * storage again.
 *
 * <p>Why the state can be trusted from the first poll: {@link Admin#majorCompact(TableName, byte[])} returns once
 * every RegionServer has selected its regions' files, and a region counts as compacting from its selection to the
 * end of the compaction, after its new files are in place (HBase 2.6 {@code HStore.requestCompaction} and
 * {@code finishCompactionRequest}). A region with nothing selected is never compacting, though: compactions
 * switched off on its RegionServer, or a region that moved away (a table whose compactions are disabled is refused
 * before anything changes). So when the cluster's file system is
 * readable from here, every region that had files of the family must also hold a new one, or the rewrite failed;
 * and the family's bytes after are those of its new files, exact without waiting for the replaced ones to go.
 */
public final class FamilyRewriter {
  /**
   * How long {@link #rewrite} waits at most, from its start: the old 30-minute wait of {@code compress advise},
   * which a major compaction of tens of gigabytes per RegionServer fits in; the compaction goes on after it.
   */
  public static final int DEFAULT_TIMEOUT_MINUTES = 30;
  public static final Duration DEFAULT_TIMEOUT = Duration.ofMinutes(DEFAULT_TIMEOUT_MINUTES);
  /** Each poll is one call per RegionServer; a small table compacts in about a second. */
  private static final Duration POLL = Duration.ofMillis(250);
  private static final Duration PROGRESS_EVERY = Duration.ofSeconds(5);

  private final Connection connection;
  private final Duration timeout;
  private final Consumer<String> progress;

  /**
   * @param timeout how long one {@link #rewrite} may wait for the compaction and for exact storage figures
   * @param progress told each step, and every few seconds how many regions are still compacting
   */
  public FamilyRewriter(Connection connection, Duration timeout, Consumer<String> progress) {
    this.connection = requireNonNull(connection, "connection is null");
    this.timeout = requireNonNull(timeout, "timeout is null");
    this.progress = requireNonNull(progress, "progress is null");
    if (timeout.isNegative()) {
      throw new IllegalArgumentException("timeout must not be negative, was " + timeout);
    }
  }

  /**
   * What {@link #rewrite} did.
   *
   * @param before the family's storage after the flush, before the change
   * @param after the family's storage once every store file was rewritten
   * @param compactionSeconds how long the major compaction took, from its request
   */
  public record Rewrite(StorageOption option, FamilyStorage before, FamilyStorage after, double compactionSeconds) {
  }

  /**
   * @throws InvalidInputException, modifying nothing, when the option's codec does not work on a RegionServer, or
   *     the table's compactions are disabled
   * @throws IOException when the compaction did not finish within the timeout, or did not rewrite every region's
   *     files of the family; the family keeps the option either way
   */
  public Rewrite rewrite(TableName table, byte[] family, StorageOption option) throws IOException {
    long deadline = System.nanoTime() + timeout.toNanos();
    requireCodecWorks(option);
    Configuration conf = connection.getConfiguration();
    try (Admin admin = connection.getAdmin()) {
      requireCompactions(admin.getDescriptor(table));
      admin.flush(table);
      FamilyStorage before = FamilyStorage.settled(admin, conf, table, family, remaining(deadline), progress);
      StoreFiles filesBefore = StoreFiles.list(conf, table);
      ColumnFamilyDescriptor current = admin.getDescriptor(table).getColumnFamily(family);
      admin.modifyColumnFamily(table, ColumnFamilyDescriptorBuilder.newBuilder(current)
          .setCompressionType(option.compression()).setCompactionCompressionType(option.compression())
          .setDataBlockEncoding(option.encoding()).build());
      String what = "family " + Bytes.toString(family) + " of " + table;
      progress.accept(what + " now uses " + option + "; major compaction requested");
      long started = System.nanoTime();
      admin.majorCompact(table, family);
      awaitCompaction(admin, table, started, deadline);
      double took = (System.nanoTime() - started) / 1e9;
      FamilyStorage after;
      if (filesBefore == null) {
        progress.accept(String.format("major compaction finished in %.1f s (store files not readable from here:"
            + " the RegionServers' compaction state is all there is to go by)", took));
        after = FamilyStorage.of(admin, conf, table, family);
      } else {
        StoreFiles filesAfter = StoreFiles.list(conf, table);
        List<String> notRewritten = filesAfter.notRewrittenSince(filesBefore, family);
        if (!notRewritten.isEmpty()) {
          throw new IOException(what + " now uses " + option + ", but the major compaction did not rewrite the"
              + " store files of " + notRewritten.size() + " region(s) " + notRewritten + " (are compactions"
              + " switched off on its RegionServers? HBase shell: compaction_switch true); files written from now on"
              + " use "
              + option);
        }
        progress.accept(String.format("major compaction finished in %.1f s; every region's store files rewritten",
            took));
        after = afterRewrite(admin, conf, table, family, filesBefore, filesAfter, deadline);
      }
      return new Rewrite(option, before, after, took);
    }
  }

  /**
   * Refuses, modifying nothing, a table whose descriptor disables compactions: HBase would drop the compaction
   * request unrun ({@code CompactSplit}), and the family would keep an option its files never took.
   */
  static void requireCompactions(TableDescriptor descriptor) {
    MajorCompaction.cannotRewrite(descriptor).ifPresent(why -> {
      throw new InvalidInputException(why + ". Nothing was modified");
    });
  }

  /** Refuses, modifying nothing, when the option's codec does not work on every RegionServer. */
  private void requireCodecWorks(StorageOption option) throws IOException {
    String algorithm = option.compression().getName();
    for (CompressionCheckResponse server : CodecAvailability.check(connection)) {
      for (AlgorithmCheck check : server.getChecksList()) {
        if (check.getAlgorithm().equals(algorithm) && !check.getWorks()) {
          throw new InvalidInputException("not applying " + option + ": " + algorithm + " does not work on"
              + " RegionServer " + server.getServer() + " (" + check.getError() + "); nothing was modified");
        }
      }
    }
  }

  private void awaitCompaction(Admin admin, TableName table, long started, long deadline) throws IOException {
    long lastReport = started;
    while (true) {
      List<String> compacting = compactingRegions(admin, table);
      if (compacting.isEmpty()) {
        return;
      }
      long now = System.nanoTime();
      if (now >= deadline) {
        throw new IOException("the major compaction of " + table + " did not finish within " + describe(timeout)
            + " (" + compacting.size() + " region(s) still compacting); it goes on in the background");
      }
      if (now - lastReport >= PROGRESS_EVERY.toNanos()) {
        progress.accept(String.format("major compaction: %d region(s) still compacting after %.0f s",
            compacting.size(), (now - started) / 1e9));
        lastReport = now;
      }
      Pause.sleep(POLL, "waiting for the cluster");
    }
  }

  /** The table's regions that their RegionServers report as compacting, by name. */
  private static List<String> compactingRegions(Admin admin, TableName table) throws IOException {
    List<String> compacting = new ArrayList<>();
    for (ServerName server : admin.getRegionServers()) {
      for (RegionMetrics region : admin.getRegionMetrics(server, table)) {
        if (region.getCompactionState() != CompactionState.NONE) {
          compacting.add(region.getNameAsString());
        }
      }
    }
    return compacting;
  }

  /**
   * The storage once rewritten: the family's bytes are its new files', exact as soon as the RegionServers'
   * count of live files is the other families' files and these, as it is unless another family was compacted
   * meanwhile; otherwise, as {@link FamilyStorage#settled} finds it.
   */
  private FamilyStorage afterRewrite(Admin admin, Configuration conf, TableName table, byte[] family,
      StoreFiles before, StoreFiles after, long deadline) throws IOException {
    StoreFiles.NewFiles rewritten = after.newSince(before, family);
    FamilyStorage.Reported reported = FamilyStorage.Reported.of(admin, table);
    if (reported.files() == after.countOutside(family) + rewritten.count()) {
      return new FamilyStorage(reported.megabytes(), rewritten.bytes());
    }
    return FamilyStorage.settled(admin, conf, table, family, remaining(deadline), progress);
  }

  private static Duration remaining(long deadline) {
    return Duration.ofNanos(Math.max(0, deadline - System.nanoTime()));
  }

  private static String describe(Duration duration) {
    return duration.toSeconds() % 60 == 0 ? duration.toMinutes() + " min" : duration.toSeconds() + " s";
  }
}
