package org.hbaseturbo.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * JUnit 5 extension giving tests one embedded cluster per test JVM (started on first use, stopped when the
 * JVM's test run ends) and a shared {@link Connection} to it. Tests that share it must use their own
 * tables: {@link #uniqueTableName(String)}.
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

  /** A table name no other test of this JVM (or an earlier run on the same data) has used. */
  public static TableName uniqueTableName(String prefix) {
    return TableName.valueOf(prefix + "_" + Long.toHexString(System.nanoTime()) + "_"
        + TABLE_COUNTER.incrementAndGet());
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    Class<?> type = parameter.getParameter().getType();
    return type == EmbeddedHBaseCluster.class || type == Connection.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    Started started = context.getRoot().getStore(Namespace.create(SharedHBaseCluster.class))
        .getOrComputeIfAbsent(Started.class, key -> Started.start(), Started.class);
    return parameter.getParameter().getType() == Connection.class ? started.connection : started.cluster;
  }

  /** Closed by JUnit when the root context (the whole test run of this JVM) ends. */
  private record Started(EmbeddedHBaseCluster cluster, Connection connection)
      implements ExtensionContext.Store.CloseableResource {
    static Started start() {
      try {
        EmbeddedHBaseCluster cluster = EmbeddedHBaseCluster.builder().regionServers(2).start();
        return new Started(cluster, ConnectionFactory.createConnection(cluster.clientConfiguration()));
      } catch (IOException e) {
        throw new UncheckedIOException("cannot start the shared embedded HBase", e);
      }
    }

    @Override
    public void close() throws IOException {
      try {
        connection.close();
      } finally {
        cluster.close();
      }
    }
  }
}
