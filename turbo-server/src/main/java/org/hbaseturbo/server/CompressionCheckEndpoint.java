package org.hbaseturbo.server;

import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcController;
import com.google.protobuf.Service;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.CoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.CoprocessorException;
import org.apache.hadoop.hbase.coprocessor.RegionServerCoprocessor;
import org.apache.hadoop.hbase.coprocessor.RegionServerCoprocessorEnvironment;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.hbaseturbo.compress.CodecCheck;
import org.hbaseturbo.compress.TurboCodecs;
import org.hbaseturbo.protocol.generated.CompressionCheckProtos.AlgorithmCheck;
import org.hbaseturbo.protocol.generated.CompressionCheckProtos.CompressionCheckRequest;
import org.hbaseturbo.protocol.generated.CompressionCheckProtos.CompressionCheckResponse;
import org.hbaseturbo.protocol.generated.CompressionCheckProtos.CompressionCheckService;

/**
 * RegionServer coprocessor that checks, on the RegionServer itself, which compression algorithms work there
 * and with which codec class: a codec missing from one RegionServer makes regions of a family using it fail
 * to open there, so a client must not trust its own JVM's answer.
 */
public class CompressionCheckEndpoint extends CompressionCheckService implements RegionServerCoprocessor {
  private volatile Configuration conf;
  private volatile String server;

  // rawtypes: Coprocessor.start declares the raw type.
  @Override
  @SuppressWarnings("rawtypes")
  public void start(CoprocessorEnvironment env) throws CoprocessorException {
    if (!HBaseLine.matches()) {
      return;
    }
    RegionServerCoprocessorEnvironment regionServer = LoadedAs.regionServer(env, this);
    conf = regionServer.getConfiguration();
    server = regionServer.getServerName().toString();
  }

  @Override
  public Iterable<Service> getServices() {
    return HBaseLine.services(this);
  }

  @Override
  public void check(RpcController controller, CompressionCheckRequest request,
      RpcCallback<CompressionCheckResponse> done) {
    CompressionCheckResponse.Builder response = CompressionCheckResponse.newBuilder().setServer(server);
    for (Algorithm algorithm : Algorithm.values()) {
      CodecCheck.Result result = CodecCheck.check(algorithm);
      response.addChecks(AlgorithmCheck.newBuilder().setAlgorithm(algorithm.getName()).setWorks(result.works())
          .setCodecClass(TurboCodecs.configuredCodec(conf, algorithm)).setError(result.error()));
    }
    done.run(response.build());
  }
}
