package org.hbaseturbo.server;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import java.util.function.Supplier;

/**
 * State a coprocessor keeps for each RegionServer, as HBase scopes the server: the RegionServers of an embedded
 * cluster share one JVM, and each has its own. An entry is found by the RegionServer object, which region and
 * RegionServer environments both give ({@code RegionCoprocessorEnvironment.getOnlineRegions()} and
 * {@code RegionServerServices}, the same {@code HRegionServer}), and goes with that object: a RegionServer that
 * stopped leaves nothing behind.
 *
 * @param <T> the state of one RegionServer
 */
public final class PerRegionServer<T> {
  private final Map<Object, T> byServer = Collections.synchronizedMap(new WeakHashMap<>());

  /** The state of {@code server}, made by {@code create} if it has none yet. */
  public T of(Object server, Supplier<T> create) {
    return byServer.computeIfAbsent(server, any -> create.get());
  }

  /** The state of every RegionServer of this JVM that has any, at this instant. */
  public List<T> all() {
    synchronized (byServer) {
      return new ArrayList<>(byServer.values());
    }
  }
}
