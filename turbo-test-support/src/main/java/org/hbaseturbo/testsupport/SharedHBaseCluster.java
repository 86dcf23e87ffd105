package org.hbaseturbo.testsupport;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * One embedded cluster per test JVM, started on first use and stopped when the JVM exits, with a shared
 * {@link Connection} to it. Tests that share it must use their own tables: {@link #uniqueTableName(String)}, which
 * {@link TestingTables#create} names them by.
 * A JUnit 5 extension for Jupiter tests; jqwik properties (another test engine, no Jupiter extensions) call
 * {@link #connection()}. Both get the same cluster, which is why it lives until the JVM exits rather than
 * until one engine's run ends. Unlike other local clusters, it lets a table name coprocessors of its own
 * ({@link org.hbaseturbo.cluster.LocalClusterBuilder#tableCoprocessors}).
 *
 * <pre>
 * &#64;ExtendWith(SharedHBaseCluster.class)
 * class TestSomething {
 *   &#64;Test
 *   void works(Connection connection) { ... }
 * }
 * </pre>
 */
public final class SharedHBaseCluster implements ParameterResolver {
  private static final AtomicInteger TABLE_COUNTER = new AtomicInteger();
  private static Started started;

  /** A table name no other test of this JVM (or an earlier run on the same data) has used. */
  public static TableName uniqueTableName(String prefix) {
    return TableName.valueOf(prefix + "_" + Long.toHexString(System.nanoTime()) + "_"
        + TABLE_COUNTER.incrementAndGet());
  }

  /** The shared cluster's connection, starting the cluster if this is the first use. */
  public static Connection connection() {
    return started().connection;
  }

  public static EmbeddedHBaseCluster cluster() {
    return started().cluster;
  }

  private static synchronized Started started() {
    if (started == null) {
      started = Started.start();
      Runtime.getRuntime().addShutdownHook(new Thread(started::closeQuietly, "SharedHBaseCluster-stop"));
    }
    return started;
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == EmbeddedHBaseCluster.class || type == Connection.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == Connection.class ? connection() : cluster();
  }

  private record Started(EmbeddedHBaseCluster cluster, Connection connection) {
    static Started start() {
      try {
        // Tests inject faults through a coprocessor of their table's own.
        EmbeddedHBaseCluster cluster = EmbeddedHBaseCluster.builder().regionServers(2).tableCoprocessors().start();
        return new Started(cluster, ConnectionFactory.createConnection(cluster.clientConfiguration()));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot start the shared embedded HBase", e);
      }
    }

    /** At JVM exit: the data directory is temporary, and nothing is left to report a failure to. */
    void closeQuietly() {
      try {
        try {
          connection.close();
        } finally {
          cluster.close();
        }
      } catch (IOException | RuntimeException e) {
        System.err.println("shared embedded HBase did not stop cleanly: " + e);
      }
    }
  }
}
