package org.hbaseturbo.client;

import java.io.IOException;
import java.time.Duration;
import java.util.EnumSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;
import org.hbaseturbo.client.codec.CodecNotDeployedException;
import org.hbaseturbo.client.codec.CodecSupport;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.common.Messages;

/**
 * Connections that fail fast when the cluster is not there. HBase's client retries for minutes by default
 * before it admits that nobody answers; a user who pointed a command at the wrong cluster should hear so
 * within seconds.
 */
public final class ClusterConnections {
  private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(20);

  private ClusterConnections() {
  }

  /**
   * Checks that the cluster answers and, when the configuration names a cellblock codec, that every server can
   * load it; then opens a connection with the configuration as given.
   *
   * @param where how to name the cluster in an error ("at ZooKeeper host:port from DIR/hbase-site.xml")
   * @throws InvalidInputException when the cluster does not answer within {@link #PROBE_TIMEOUT}, or some server
   *     cannot load the codec
   */
  public static Connection open(Configuration conf, String where) throws IOException {
    Configuration probe = new Configuration(conf);
    // A server without the codec would close the probe's connection: the codec has its own check, below.
    probe.unset(HConstants.RPC_CODEC_CONF_KEY);
    probe.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, 1);
    probe.setInt("zookeeper.recovery.retry", 1);
    probe.setInt(HConstants.HBASE_RPC_TIMEOUT_KEY, (int) PROBE_TIMEOUT.toMillis() / 2);
    probe.setInt(HConstants.HBASE_CLIENT_OPERATION_TIMEOUT, (int) PROBE_TIMEOUT.toMillis());
    try (AsyncConnection connection = ConnectionFactory.createAsyncConnection(probe)
        .get(PROBE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
      connection.getAdmin().getClusterMetrics(EnumSet.of(ClusterMetrics.Option.HBASE_VERSION))
          .get(PROBE_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      throw unreachable(where, "no answer within " + PROBE_TIMEOUT.toSeconds() + " s", e);
    } catch (ExecutionException e) {
      throw unreachable(where, Messages.firstLine(Messages.rootCause(e)), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while connecting to HBase " + where, e);
    }
    try {
      CodecSupport.requireSupported(conf);
    } catch (CodecNotDeployedException e) {
      throw new InvalidInputException("the HBase cluster " + where + " cannot serve this client: " + e.getMessage(),
          e);
    }
    return ConnectionFactory.createConnection(conf);
  }

  /** Names the cluster by the ZooKeeper quorum a configuration points at. */
  public static String describe(Configuration conf) {
    return "at ZooKeeper " + conf.get(HConstants.ZOOKEEPER_QUORUM) + ":"
        + conf.get(HConstants.ZOOKEEPER_CLIENT_PORT, String.valueOf(HConstants.DEFAULT_ZOOKEEPER_CLIENT_PORT));
  }

  private static InvalidInputException unreachable(String where, String why, Throwable cause) {
    return new InvalidInputException("cannot reach the HBase cluster " + where + ": " + why, cause);
  }
}
