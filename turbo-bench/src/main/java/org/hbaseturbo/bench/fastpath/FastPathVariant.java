package org.hbaseturbo.bench.fastpath;

import java.util.Map;
import org.hbaseturbo.bench.ClientVariant;
import org.hbaseturbo.bench.Labels;
import org.hbaseturbo.bench.ycsb.DbBinding;
import org.hbaseturbo.bench.ycsb.FastPathHBaseClient;

/**
 * How a variant's YCSB clients reach the RegionServers: HBase's RPC, or the fast path over a UCX transport the
 * client's end is limited to (the server's end offers every transport it has).
 */
public enum FastPathVariant implements ClientVariant {
  NATIVE("native", "native", DbBinding.NATIVE, Map.of()),
  /** Shared memory: a client on the RegionServer's host. */
  SHM("fastpath-shm", "shm", DbBinding.FASTPATH, Map.of(FastPathHBaseClient.TRANSPORTS, "sm")),
  /**
   * TCP: what a client on another host gets without RDMA, on the device the cluster's client configuration names:
   * loopback for a cluster on this host, the bridge for one on hosts of its own.
   */
  TCP("fastpath-tcp", "tcp", DbBinding.FASTPATH, Map.of(FastPathHBaseClient.TRANSPORTS, "tcp")),
  /** Whatever UCX prefers among the transports it finds: RDMA where the hardware and a vendor UCX exist. */
  AUTO("fastpath-auto", "auto", DbBinding.FASTPATH, Map.of());

  private final String label;
  private final String transport;
  private final DbBinding db;
  private final Map<String, String> properties;

  FastPathVariant(String label, String transport, DbBinding db, Map<String, String> properties) {
    this.label = label;
    this.transport = transport;
    this.db = db;
    this.properties = properties;
  }

  @Override
  public String label() {
    return label;
  }

  /** Its {@code --transport} name; native's is "native". */
  public String transport() {
    return transport;
  }

  @Override
  public DbBinding db() {
    return db;
  }

  /** The binding's properties that limit the client's UCX transports. */
  @Override
  public Map<String, String> properties() {
    return properties;
  }

  /** The fast-path variant of a {@code --transport} name (shm, tcp, auto). */
  public static FastPathVariant ofTransport(String transport) {
    return Labels.find(new FastPathVariant[] {SHM, TCP, AUTO}, v -> v.transport, transport, "fast-path transport");
  }
}
