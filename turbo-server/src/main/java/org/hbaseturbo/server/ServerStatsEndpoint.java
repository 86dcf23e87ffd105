package org.hbaseturbo.server;

import com.google.protobuf.RpcCallback;
import com.google.protobuf.RpcController;
import com.google.protobuf.Service;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.lang.management.RuntimeMXBean;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.ConfigRedactor;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.CoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.CoprocessorException;
import org.apache.hadoop.hbase.coprocessor.CoreCoprocessor;
import org.apache.hadoop.hbase.coprocessor.HasRegionServerServices;
import org.apache.hadoop.hbase.coprocessor.RegionServerCoprocessor;
import org.apache.hadoop.hbase.io.hfile.BlockCache;
import org.apache.hadoop.hbase.ipc.CoprocessorRpcUtils;
import org.apache.hadoop.hbase.ipc.MetricsHBaseServerSource;
import org.apache.hadoop.hbase.metrics.BaseSourceImpl;
import org.apache.hadoop.hbase.regionserver.MetricsRegionServerSource;
import org.apache.hadoop.hbase.regionserver.MetricsRegionServerWrapper;
import org.apache.hadoop.hbase.regionserver.RegionServerServices;
import org.apache.hadoop.metrics2.lib.MutableFastCounter;
import org.apache.hadoop.metrics2.lib.MutableMetric;
import org.hbaseturbo.common.CompilerThreadCpu;
import org.hbaseturbo.common.ProcessCpu;
import org.hbaseturbo.common.ProcessMemory;
import org.hbaseturbo.protocol.generated.ServerStatsProtos.RegionServerState;
import org.hbaseturbo.protocol.generated.ServerStatsProtos.ServerStatsRequest;
import org.hbaseturbo.protocol.generated.ServerStatsProtos.ServerStatsResponse;
import org.hbaseturbo.protocol.generated.ServerStatsProtos.ServerStatsService;
import org.hbaseturbo.protocol.generated.ServerStatsProtos.Setting;
import org.hbaseturbo.protocol.generated.ServerStatsProtos.TableOperations;
import org.hbaseturbo.server.fastpath.FastPathServer;
import org.hbaseturbo.server.heap.HeapTunerMetrics;
import org.hbaseturbo.server.heap.PcmChanges;
import org.hbaseturbo.server.metrics.CodecMetrics;
import org.hbaseturbo.server.metrics.MetricsRegistration;
import org.hbaseturbo.server.settings.LiveSettings;
import org.hbaseturbo.server.workload.WorkloadCounters;
import org.hbaseturbo.wire.PcmMarks;

/**
 * RegionServer coprocessor that reports the process's CPU time and memory, the RegionServer RPC server's byte
 * counters and its fast path's ({@link FastPathServer}), the settings in force, the RegionServer's state and each
 * table's operations on it ({@link WorkloadCounters}), so that benchmarks can charge the servers' cost per
 * operation, and a restart or a configuration change be verified, on any cluster that loads the server jar
 * ({@code hbase.coprocessor.regionserver.classes}). Like every RegionServer endpoint, only global ADMIN may call it
 * under AccessController.
 *
 * <p>The byte counters are those HBase publishes as JMX {@code sub=IPC} {@code receivedBytes} and
 * {@code sentBytes}, read from the metrics source itself: the JMX view is a snapshot refreshed only every
 * metrics period, too stale to bracket a benchmark phase. Reaching the RPC server needs the
 * {@link HasRegionServerServices} environment that HBase grants only to {@link CoreCoprocessor}s.
 * HBase keeps one RPC metrics source per JVM ({@code MetricsHBaseServerSourceFactoryImpl}), so
 * RegionServers sharing a JVM report the same values; the process id in the reply lets the reader count
 * each JVM once.
 */
@CoreCoprocessor
public class ServerStatsEndpoint extends ServerStatsService implements RegionServerCoprocessor {
  /** How busy the JVM's JIT has been, one reading for every RegionServer it holds: it keeps what ended threads took. */
  private static final Optional<LongSupplier> JIT_MILLIS = CompilerThreadCpu.jitMillisOfThisJvm();
  private final String processId;
  private volatile BaseSourceImpl rpcMetrics;
  private volatile RegionServerServices server;
  private volatile ConfigRedactor redactor;
  private final List<MetricsRegistration.Hold> metrics = new ArrayList<>();
  private volatile LiveSettings<PcmMarks> pcm;

  public ServerStatsEndpoint() {
    RuntimeMXBean runtime = ManagementFactory.getRuntimeMXBean();
    this.processId = runtime.getName() + "@" + runtime.getStartTime();
  }

  // rawtypes: Coprocessor.start declares the raw type.
  @Override
  @SuppressWarnings("rawtypes")
  public void start(CoprocessorEnvironment env) throws IOException {
    if (!HBaseLine.matches()) {
      return;
    }
    RegionServerServices services = LoadedAs.regionServerServices(env, this);
    MetricsHBaseServerSource source = services.getRpcServer().getMetrics().getMetricsSource();
    if (!(source instanceof BaseSourceImpl impl)) {
      throw new CoprocessorException("unexpected RPC metrics source " + source.getClass().getName());
    }
    rpcMetrics = impl;
    server = services;
    redactor = new ConfigRedactor(server.getConfiguration());
    // What PCM last changed on this server comes with its server settings, by update_config or a restart.
    pcm = LiveSettings.watch("PCM marks of RegionServer " + services.getServerName(), services.getConfiguration(),
        services.getConfiguration(), PcmMarks::from).onChange(PcmChanges::changed);
    PcmChanges.started(pcm.get());
    // The codec and the heap tuner have no start of their own: the RegionServer's stats publish them.
    synchronized (metrics) {
      metrics.add(MetricsRegistration.hold(CodecMetrics.NAME, CodecMetrics::new));
      metrics.add(MetricsRegistration.hold(HeapTunerMetrics.NAME, HeapTunerMetrics::new));
    }
  }

  // rawtypes: Coprocessor.stop declares the raw type.
  @Override
  @SuppressWarnings("rawtypes")
  public void stop(CoprocessorEnvironment env) {
    if (pcm != null) {
      pcm.close();
    }
    synchronized (metrics) {
      metrics.forEach(MetricsRegistration.Hold::close);
      metrics.clear();
    }
  }

  @Override
  public Iterable<Service> getServices() {
    return HBaseLine.services(this);
  }

  @Override
  public void getStats(RpcController controller, ServerStatsRequest request,
      RpcCallback<ServerStatsResponse> done) {
    try {
      MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
      ServerStatsResponse.Builder response = ServerStatsResponse.newBuilder()
          .setProcessId(processId)
          .setProcessCpuNanos(ProcessCpu.nanos())
          .setRpcReceivedBytes(counter(rpcMetrics, MetricsHBaseServerSource.RECEIVED_BYTES_NAME))
          .setRpcSentBytes(counter(rpcMetrics, MetricsHBaseServerSource.SENT_BYTES_NAME))
          .setServerName(server.getServerName().toString())
          .setHeapUsedBytes(heap.getUsed())
          .setHeapMaxBytes(heap.getMax());
      ProcessMemory.residentBytes().ifPresent(response::setResidentBytes);
      JIT_MILLIS.ifPresent(jit -> response.setJitCompileMillis(jit.getAsLong()));
      response.setHostMemoryBytes(ProcessMemory.hostBytes()).setMemoryOfItsOwn(ProcessMemory.limitedBelowHost());
      FastPathServer.bytes(server.getServerName()).ifPresent(response::setFastPathBytes);
      // The RegionServer's own Configuration, which update_config reloads in place.
      Configuration conf = server.getConfiguration();
      for (String name : request.getSettingNamesList()) {
        Setting.Builder setting = Setting.newBuilder().setName(name);
        String value = conf.get(name);
        if (value != null) {
          setting.setValue(redactor.redact(name, value));
        }
        response.addSettings(setting);
      }
      WorkloadCounters.of(server).forEach((table, counts) -> response.addTables(TableOperations.newBuilder()
          .setTable(table.getNameAsString()).setGets(counts.gets()).setScans(counts.scans())
          .setScanRows(counts.scanRows()).setPuts(counts.puts()).setDeletes(counts.deletes())
          .setIncrements(counts.increments()).setAppends(counts.appends())
          .setBulkLoadedFiles(counts.bulkLoadedFiles())
          .addAllLatencyBuckets(Arrays.stream(counts.latencies()).boxed().toList())));
      response.setTablesPerServer(true).setState(state());
      done.run(response.build());
    } catch (IOException | RuntimeException e) {
      CoprocessorRpcUtils.setControllerException(controller,
          e instanceof IOException io ? io : new CoprocessorException("cannot read counters: " + e));
      done.run(null);
    }
  }

  private RegionServerState state() throws CoprocessorException {
    MetricsRegionServerWrapper metrics = server.getMetrics().getRegionServerWrapper();
    // The server's own counters since it started; the wrapper's flushed and compacted sizes are sums over the
    // stores open now, which a reopen resets and a dropped table takes away.
    if (!(server.getMetrics().getMetricsSource() instanceof BaseSourceImpl serverMetrics)) {
      throw new CoprocessorException("unexpected RegionServer metrics source "
          + server.getMetrics().getMetricsSource().getClass().getName());
    }
    return RegionServerState.newBuilder()
        .setRegions(metrics.getNumOnlineRegions())
        .setStoreFiles(metrics.getNumStoreFiles())
        .setMemstoreBytes(metrics.getMemStoreSize())
        .setGlobalMemstoreLimitBytes(metrics.getMemStoreLimit())
        .setBlockCacheBytes(metrics.getBlockCacheSize())
        .setBlockCacheMaxBytes(server.getBlockCache().map(BlockCache::getMaxSize).orElse(0L))
        .setBlockCacheHits(metrics.getBlockCacheHitCount())
        .setBlockCacheMisses(metrics.getBlockCacheMissCount())
        .setCompactionQueue(metrics.getCompactionQueueSize())
        .setFlushQueue(metrics.getFlushQueueSize())
        .setBlockedRequests(metrics.getBlockedRequestsCount())
        .setFlushedBytes(counter(serverMetrics, MetricsRegionServerSource.FLUSHED_OUTPUT_BYTES))
        .setCompactedBytes(counter(serverMetrics, MetricsRegionServerSource.COMPACTED_OUTPUT_BYTES))
        .build();
  }

  private static long counter(BaseSourceImpl source, String name) throws CoprocessorException {
    MutableMetric metric = source.getMetricsRegistry().get(name);
    if (!(metric instanceof MutableFastCounter counter)) {
      throw new CoprocessorException("metric " + name + " is missing or not a counter: " + metric);
    }
    return counter.value();
  }
}
