package org.hbaseturbo.testing;

import java.io.IOException;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.security.access.AccessController;
import org.apache.hadoop.hbase.security.access.Permission;
import org.apache.hadoop.hbase.security.access.PermissionStorage;
import org.apache.hadoop.hbase.security.access.UserPermission;
import org.apache.hadoop.hbase.security.visibility.VisibilityConstants;
import org.apache.hadoop.hbase.security.visibility.VisibilityController;
import org.hbaseturbo.client.fastpath.FastPathAsyncConnection;
import org.hbaseturbo.client.fastpath.FastPathConnection;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.server.CompressionCheckEndpoint;
import org.hbaseturbo.server.ServerStatsEndpoint;
import org.hbaseturbo.server.fastpath.FastPathServer;
import org.hbaseturbo.server.fastpath.FastPathSessionEndpoint;
import org.hbaseturbo.server.scan.PreparedScanEndpoint;
import org.hbaseturbo.server.scan.PreparedScanServerEndpoint;
import org.hbaseturbo.server.workload.WorkloadObserver;
import org.hbaseturbo.testing.fastpath.FastPathConnections;

/**
 * An embedded cluster with HBase's {@code AccessController} and {@code VisibilityController} loaded as on a
 * secured production cluster (authorization on, SIMPLE authentication, which lets a test connect as any user
 * name), for the test class that starts it. The process's own user, who starts the servers, is the superuser.
 */
public final class TestingSecuredCluster implements AutoCloseable {
  private static final Duration GRANT_TIMEOUT = Duration.ofSeconds(60);

  private final EmbeddedHBaseCluster cluster;
  private final Connection superuser;
  private final Map<String, Connection> users = new HashMap<>();

  private TestingSecuredCluster(EmbeddedHBaseCluster cluster, Connection superuser) {
    this.cluster = cluster;
    this.superuser = superuser;
  }

  /** @param settings more server settings, e.g. {@code hbase.security.exec.permission.checks} */
  public static TestingSecuredCluster start(Map<String, String> settings) throws IOException {
    Map<String, String> conf = new LinkedHashMap<>();
    conf.put(User.HBASE_SECURITY_AUTHORIZATION_CONF_KEY, "true");
    conf.put("hbase.coprocessor.master.classes", classes(AccessController.class, VisibilityController.class));
    // Access control first, as a secured cluster loads it: the other observers see what it let through.
    conf.put("hbase.coprocessor.region.classes", classes(AccessController.class, VisibilityController.class,
        PreparedScanEndpoint.class, WorkloadObserver.class, FastPathSessionEndpoint.class));
    conf.put("hbase.coprocessor.regionserver.classes", classes(AccessController.class, ServerStatsEndpoint.class,
        CompressionCheckEndpoint.class, PreparedScanServerEndpoint.class, FastPathServer.class));
    conf.putAll(settings);
    EmbeddedHBaseCluster.Builder builder = EmbeddedHBaseCluster.builder().regionServers(2);
    conf.forEach(builder::set);
    EmbeddedHBaseCluster cluster = builder.start();
    try {
      Connection superuser = ConnectionFactory.createConnection(cluster.clientConfiguration());
      TestingSecuredCluster secured = new TestingSecuredCluster(cluster, superuser);
      secured.awaitTables(PermissionStorage.ACL_TABLE_NAME, VisibilityConstants.LABELS_TABLE_NAME);
      return secured;
    } catch (IOException | RuntimeException e) {
      cluster.close();
      throw e;
    }
  }

  private static String classes(Class<?>... types) {
    return String.join(",", List.of(types).stream().map(Class::getName).toList());
  }

  public EmbeddedHBaseCluster cluster() {
    return cluster;
  }

  /** A connection of the process's own user, a superuser: for setting up tables, grants and labels. */
  public Connection superuser() {
    return superuser;
  }

  /** A connection that authenticates as {@code user}, opened on first use, closed with the cluster. */
  public synchronized Connection as(String user) throws IOException {
    Connection connection = users.get(user);
    if (connection == null) {
      connection = ConnectionFactory.createConnection(cluster.clientConfiguration(),
          User.createUserForTesting(cluster.clientConfiguration(), user, new String[0]));
      users.put(user, connection);
    }
    return connection;
  }

  /**
   * A new connection with the fast path that authenticates as {@code user}: its counters count its own attempts
   * alone. The caller closes it.
   */
  public FastPathConnection fastPathAs(String user) throws IOException {
    return FastPathConnections.open(cluster.clientConfiguration(),
        User.createUserForTesting(cluster.clientConfiguration(), user, new String[0]));
  }

  /** As {@link #fastPathAs}, an asynchronous connection. */
  public FastPathAsyncConnection asyncFastPathAs(String user) throws IOException {
    return FastPathConnections.openAsync(cluster.clientConfiguration(),
        User.createUserForTesting(cluster.clientConfiguration(), user, new String[0]));
  }

  /**
   * Grants or revokes, then waits until {@code takenEffect} holds: the RegionServers learn of a change through
   * ZooKeeper, a moment after the master stored it.
   */
  public void grant(UserPermission permission, Check takenEffect) throws Exception {
    try (Admin admin = superuser.getAdmin()) {
      admin.grant(permission, false);
    }
    await(takenEffect, "grant of " + permission);
  }

  public void revoke(UserPermission permission, Check takenEffect) throws Exception {
    try (Admin admin = superuser.getAdmin()) {
      admin.revoke(permission);
    }
    await(takenEffect, "revoke of " + permission);
  }

  /** A table-wide (or family, or column) permission of {@code user}. */
  public static UserPermission onTable(String user, TableName table, byte[] family, byte[] qualifier,
      Permission.Action... actions) {
    return new UserPermission(user, Permission.newBuilder(table).withFamily(family).withQualifier(qualifier)
        .withActions(actions).build());
  }

  /** A condition a test waits for. */
  public interface Check {
    boolean holds() throws Exception;
  }

  private static void await(Check check, String what) throws IOException {
    Await.until(() -> {
      try {
        return check.holds();
      } catch (IOException | RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IOException(what + ": " + e, e);
      }
    }, GRANT_TIMEOUT, Duration.ofMillis(100), what,
        () -> new IOException(what + " did not take effect within " + GRANT_TIMEOUT.toSeconds() + " s"));
  }

  private void awaitTables(TableName... tables) throws IOException {
    try (Admin admin = superuser.getAdmin()) {
      for (TableName table : tables) {
        await(() -> admin.tableExists(table) && admin.isTableAvailable(table), "creation of " + table);
      }
    }
  }

  @Override
  public void close() throws IOException {
    try {
      for (Connection connection : users.values()) {
        connection.close();
      }
      superuser.close();
    } finally {
      cluster.close();
    }
  }
}
