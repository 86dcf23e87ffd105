package org.hbaseturbo.server;

import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.CoprocessorDescriptor;
import org.apache.hadoop.hbase.client.SnapshotDescription;
import org.apache.hadoop.hbase.client.TableDescriptor;
import org.apache.hadoop.hbase.coprocessor.CoprocessorHost;
import org.apache.hadoop.hbase.coprocessor.MasterCoprocessor;
import org.apache.hadoop.hbase.coprocessor.MasterCoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.MasterObserver;
import org.apache.hadoop.hbase.coprocessor.ObserverContext;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * A master coprocessor that refuses a table whose descriptor would have the RegionServers run code it names: a
 * coprocessor of the table's own, or a value under {@code hbase.coprocessor.} (HBase layers a table's values over
 * the server's settings for its regions, so one such value turns table coprocessors back on, or names a system
 * coprocessor with a jar path of the client's choosing). For a cluster whose RPC has no authentication, such as
 * Turbo's local clusters, where any client on the host could otherwise run code in the servers as the user they run
 * as. Turbo's own coprocessors are system coprocessors, on every table already.
 *
 * <p>Unlike Turbo's other coprocessors it does not ask {@link HBaseLine#matches}: its hooks are the same on both
 * lines, and it must not turn itself off.
 */
public class NoTableCoprocessorsObserver implements MasterCoprocessor, MasterObserver {
  private static final String SETTINGS = "hbase.coprocessor.";

  @Override
  public Optional<MasterObserver> getMasterObserver() {
    return Optional.of(this);
  }

  @Override
  public TableDescriptor preCreateTableRegionsInfos(ObserverContext<MasterCoprocessorEnvironment> ctx,
      TableDescriptor desc) throws IOException {
    requireNone(desc);
    return desc;
  }

  @Override
  public TableDescriptor preModifyTable(ObserverContext<MasterCoprocessorEnvironment> ctx, TableName tableName,
      TableDescriptor currentDescriptor, TableDescriptor newDescriptor) throws IOException {
    requireNone(newDescriptor);
    return newDescriptor;
  }

  @Override
  public void preCloneSnapshot(ObserverContext<MasterCoprocessorEnvironment> ctx, SnapshotDescription snapshot,
      TableDescriptor desc) throws IOException {
    requireNone(desc);
  }

  @Override
  public void preRestoreSnapshot(ObserverContext<MasterCoprocessorEnvironment> ctx, SnapshotDescription snapshot,
      TableDescriptor desc) throws IOException {
    requireNone(desc);
  }

  /**
   * @throws DoNotRetryIOException naming the table and the coprocessor or value it may not have
   */
  static void requireNone(TableDescriptor desc) throws DoNotRetryIOException {
    Optional<String> named = desc.getCoprocessorDescriptors().stream().map(CoprocessorDescriptor::getClassName)
        .findFirst().map(coprocessor -> "names the coprocessor " + coprocessor);
    if (named.isEmpty()) {
      named = desc.getValues().keySet().stream().map(key -> Bytes.toString(key.get(), key.getOffset(),
          key.getLength())).filter(key -> key.startsWith(SETTINGS)).findFirst().map(key -> "sets " + key);
    }
    if (named.isPresent()) {
      throw new DoNotRetryIOException("table '" + desc.getTableName().getNameAsString() + "' " + named.get()
          + ": this cluster runs no coprocessor that a table names, nor takes a table's " + SETTINGS + "* values ("
          + CoprocessorHost.USER_COPROCESSORS_ENABLED_CONF_KEY + "=false; any client could otherwise run code in"
          + " its servers); Turbo's coprocessors are on every table already");
    }
  }
}
