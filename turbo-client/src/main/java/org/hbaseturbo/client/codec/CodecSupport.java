package org.hbaseturbo.client.codec;

import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ClusterMetrics;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.ConnectionFactory;

/**
 * Whether every server of a cluster can load the cellblock codec a client configuration names
 * ({@code hbase.client.rpc.codec}).
 *
 * <p>A server that cannot load it closes every connection from such a client, and HBase's client takes that for a
 * network failure and retries: locating a region retries with back-off, each operation's own retries multiply
 * that, and the caller waits for minutes behind a log of closed connections. This check asks each server once and
 * says which refused the codec and what to do.
 */
public final class CodecSupport {
  private CodecSupport() {
  }

  /** One server's answer: empty when it accepted the codec, else why it did not. */
  public record ServerAnswer(ServerName server, String role, Optional<String> refusal) {
  }

  /** The codec {@code conf} names, or empty when it uses HBase's default. */
  public static Optional<String> configuredCodec(Configuration conf) {
    String codec = conf.get(HConstants.RPC_CODEC_CONF_KEY);
    return codec == null || codec.isEmpty() ? Optional.empty() : Optional.of(codec);
  }

  /**
   * Asks the active master and every live RegionServer, once each, over a connection that uses the codec
   * {@code conf} names. A server that cannot load a client's codec closes the connection without a word (its
   * {@code UnsupportedCellCodecException} stays in its own log), so a call that fails is made again over a
   * connection with HBase's default codec: if that one goes through, the codec is what the server refused.
   */
  public static List<ServerAnswer> check(Configuration conf) throws IOException {
    String codec = configuredCodec(conf).orElseThrow(() -> new IllegalArgumentException(
        HConstants.RPC_CODEC_CONF_KEY + " is not set: there is no codec to check"));
    Configuration plainConf = new Configuration(conf);
    plainConf.unset(HConstants.RPC_CODEC_CONF_KEY);
    Configuration probingConf = new Configuration(conf);
    probingConf.setInt(HConstants.HBASE_CLIENT_RETRIES_NUMBER, 1);
    try (Connection plainConnection = ConnectionFactory.createConnection(plainConf);
        Admin plain = plainConnection.getAdmin();
        Connection probingConnection = ConnectionFactory.createConnection(probingConf);
        Admin probing = probingConnection.getAdmin()) {
      ClusterMetrics metrics = plain.getClusterMetrics(EnumSet.of(ClusterMetrics.Option.MASTER,
          ClusterMetrics.Option.LIVE_SERVERS));
      List<ServerAnswer> answers = new ArrayList<>();
      EnumSet<ClusterMetrics.Option> masterOnly = EnumSet.of(ClusterMetrics.Option.MASTER);
      answers.add(new ServerAnswer(metrics.getMasterName(), "master", refusal(codec,
          () -> probing.getClusterMetrics(masterOnly), () -> plain.getClusterMetrics(masterOnly))));
      for (ServerName server : metrics.getLiveServerMetrics().keySet()) {
        answers.add(new ServerAnswer(server, "RegionServer", refusal(codec, () -> probing.getRegions(server),
            () -> plain.getRegions(server))));
      }
      return answers;
    }
  }

  /**
   * Does nothing when {@code conf} names no codec or every server accepts it.
   *
   * @throws CodecNotDeployedException naming the servers that refused it and the two ways out
   */
  public static void requireSupported(Configuration conf) throws IOException {
    Optional<String> codec = configuredCodec(conf);
    if (codec.isEmpty()) {
      return;
    }
    List<ServerAnswer> refused = check(conf).stream().filter(answer -> answer.refusal().isPresent()).toList();
    if (!refused.isEmpty()) {
      throw new CodecNotDeployedException(codec.get() + " (" + HConstants.RPC_CODEC_CONF_KEY + ") is not on the"
          + " classpath of " + refused.stream().map(answer -> answer.role() + " " + answer.server())
          .collect(Collectors.joining(", ")) + ": deploy the HBase Turbo server jar on every RegionServer and"
          + " master and restart them, or remove " + HConstants.RPC_CODEC_CONF_KEY + " from the client's"
          + " configuration");
    }
  }

  private interface Call {
    void run() throws IOException;
  }

  /** Empty when {@code withCodec} went through; the refusal when only {@code withoutCodec} did. */
  private static Optional<String> refusal(String codec, Call withCodec, Call withoutCodec) throws IOException {
    try {
      withCodec.run();
      return Optional.empty();
    } catch (IOException e) {
      try {
        withoutCodec.run();
      } catch (IOException again) {
        e.addSuppressed(again);
        throw e; // the server is unreachable whatever the codec
      }
      return Optional.of("cannot load " + codec);
    }
  }
}
