package org.hbaseturbo.advisor;

import java.io.IOException;
import java.time.Duration;
import java.util.function.Consumer;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptor;
import org.apache.hadoop.hbase.client.ColumnFamilyDescriptorBuilder;
import org.apache.hadoop.hbase.client.CompactionState;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * Applies a storage option to a family: new encoding and compression in the family's descriptor (regions
 * reopen), then a major compaction, which rewrites every store file with them.
 */
public final class FamilyRewriter {
  private static final Duration POLL = Duration.ofMillis(200);
  /**
   * How long a requested compaction may stay queued before it shows: a small region can be compacted between
   * two polls, so seeing none within this time means it ran or had nothing to do.
   */
  private static final Duration START_WINDOW = Duration.ofSeconds(10);

  private FamilyRewriter() {
  }

  public static void apply(Admin admin, TableName table, byte[] family, StorageOption option, Duration timeout,
      Consumer<String> progress) throws IOException {
    ColumnFamilyDescriptor current = admin.getDescriptor(table).getColumnFamily(family);
    admin.modifyColumnFamily(table, ColumnFamilyDescriptorBuilder.newBuilder(current)
        .setCompressionType(option.compression()).setCompactionCompressionType(option.compression())
        .setDataBlockEncoding(option.encoding()).build());
    progress.accept("family " + Bytes.toString(family) + " of " + table + " now uses " + option
        + "; major compaction started");
    admin.majorCompact(table, family);
    long started = System.nanoTime();
    boolean seen = false;
    while (!seen && System.nanoTime() - started < START_WINDOW.toNanos()) {
      sleep();
      seen = admin.getCompactionState(table) != CompactionState.NONE;
    }
    while (admin.getCompactionState(table) != CompactionState.NONE) {
      if (System.nanoTime() - started > timeout.toNanos()) {
        throw new IOException("major compaction of " + table + " did not finish within " + timeout.toMinutes()
            + " minutes; it goes on in the background");
      }
      sleep();
    }
    progress.accept("major compaction finished");
  }

  private static void sleep() throws IOException {
    try {
      Thread.sleep(POLL.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }
}
