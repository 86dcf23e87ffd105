package org.hbaseturbo.testing.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.hbaseturbo.client.codec.CodecNotDeployedException;
import org.hbaseturbo.client.codec.CodecSupport;
import org.hbaseturbo.cluster.EmbeddedHBaseCluster;
import org.hbaseturbo.testsupport.SharedHBaseCluster;
import org.hbaseturbo.wire.codec.CompactCellCodec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(SharedHBaseCluster.class)
class CodecSupportIT {
  @Test
  void everyServerOfTheEmbeddedClusterLoadsTheCompactCodec(EmbeddedHBaseCluster cluster) throws IOException {
    List<CodecSupport.ServerAnswer> answers = CodecSupport.check(withCodec(cluster, CompactCellCodec.class));
    assertThat(answers).hasSize(1 + cluster.regionServerCount());
    assertThat(answers).allSatisfy(answer -> assertThat(answer.refusal()).isEmpty());
    CodecSupport.requireSupported(withCodec(cluster, CompactCellCodec.class));
  }

  /**
   * Against servers that cannot load the codec, HBase's own client retries for minutes; the check asks each server
   * once and fails at once, naming the codec, the servers and the fix.
   */
  @Test
  void serversWithoutTheCodecAreNamedWithTheFix(EmbeddedHBaseCluster cluster) {
    Configuration conf = withCodec(cluster, RefusedOnServerCodec.class);
    long start = System.nanoTime();
    assertThatThrownBy(() -> CodecSupport.requireSupported(conf))
        .isInstanceOf(CodecNotDeployedException.class)
        .hasMessageContaining(RefusedOnServerCodec.class.getName())
        .hasMessageContaining("master").hasMessageContaining("RegionServer")
        .hasMessageContaining("deploy the HBase Turbo server jar")
        .hasMessageContaining("remove " + HConstants.RPC_CODEC_CONF_KEY);
    assertThat((System.nanoTime() - start) / 1e9).as("seconds to the answer").isLessThan(20);
    // One connection per server, each refused once (a retry would open another).
    assertThat(RefusedOnServerCodec.SERVER_ATTEMPTS.get()).isLessThanOrEqualTo(2 * (1 + cluster.regionServerCount()));
  }

  @Test
  void aConfigurationWithoutCodecNeedsNoCheck(EmbeddedHBaseCluster cluster) throws IOException {
    CodecSupport.requireSupported(cluster.clientConfiguration());
    assertThat(CodecSupport.configuredCodec(cluster.clientConfiguration())).isEmpty();
  }

  private static Configuration withCodec(EmbeddedHBaseCluster cluster, Class<?> codec) {
    Configuration conf = cluster.clientConfiguration();
    conf.set(HConstants.RPC_CODEC_CONF_KEY, codec.getName());
    return conf;
  }
}
