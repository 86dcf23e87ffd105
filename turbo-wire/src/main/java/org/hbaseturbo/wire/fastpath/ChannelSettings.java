package org.hbaseturbo.wire.fastpath;

import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;

/**
 * What the fast-path channel of either end may use, from its configuration. Read the same way by clients and
 * RegionServers, and loadable without UCX: the channel itself is opened by the transport module.
 *
 * <p>The rules, each for a reason an operator can check:
 * <ul>
 *   <li>Shared memory only through POSIX segments, which UCX creates mode 0600 and peers open through
 *       {@code /proc/<pid>/fd}: only the server's own user can map them. UCX's SysV segments are mode 0660, open to
 *       the server's group, so {@code sysv} is refused.
 *   <li>Network transports (TCP, RDMA) only on the devices the operator names in {@value #NET_DEVICES_KEY}: a UCX
 *       network interface listens on every device it is given, and UCX trusts its peers at its own protocol level
 *       (message sizes, fragment offsets). With none named, the channel stays on the host.
 *   <li>Never across a network when HBase's RPC encrypts ({@code hbase.rpc.protection=privacy} or TLS): UCX does
 *       not encrypt.
 * </ul>
 */
public final class ChannelSettings {
  /** UCX transports ({@code UCX_TLS} names, as in {@code "sm"}, {@code "posix,tcp"}); empty: any allowed here. */
  public static final String TRANSPORTS_KEY = "turbo.fastpath.transports";
  /** Network devices TCP and RDMA may use ({@code UCX_NET_DEVICES}, as in {@code "lo"}, {@code "eth0,mlx5_0:1"}). */
  public static final String NET_DEVICES_KEY = "turbo.fastpath.net-devices";
  /** The shared-memory transports allowed: POSIX segments, and CMA (process_vm_readv, same user) for large ones. */
  public static final String SHARED_MEMORY = "posix,cma";
  /**
   * Transports that stay on the host. {@code self} (a worker sending to itself) is never needed between a client
   * and a server, and is not added: a list UCX cannot use then fails the context's start, with UCX's reason.
   */
  private static final Set<String> ON_HOST = Set.of("posix", "cma", "knem", "xpmem", "self");
  /**
   * Names in {@code UCX_TLS} that let UCX use SysV segments, and why: UCX expands aliases itself
   * ({@code ucp_tl_aliases}, src/ucp/core/ucp_context.c), so {@code sm} and {@code shm} are translated here rather
   * than passed on. What UCX then really makes is checked too, when a context opens (UcxRuntime).
   */
  private static final Map<String, String> WITH_SYSV = Map.of(
      "sysv", "sysv names SysV segments",
      "mm", "mm is UCX's name for posix, sysv and xpmem",
      "all", "all is every transport UCX has",
      "^", "a list that starts with ^ allows every transport it does not name");

  /**
   * The UCX settings of one end.
   *
   * @param tls the {@code UCX_TLS} value
   * @param netDevices the {@code UCX_NET_DEVICES} value; empty when no network transport is allowed
   */
  public record Transports(String tls, String netDevices) {
    /** Whether a network transport is allowed: the channel may leave the host. */
    public boolean network() {
      return !netDevices.isEmpty();
    }

    /** How an operator reads it, for logs and reports. */
    public String describe() {
      return network() ? tls + " (network devices " + netDevices + ")" : tls + " (this host only)";
    }
  }

  private ChannelSettings() {
  }

  /**
   * @throws IllegalArgumentException naming the key and value when the transports ask for what is refused here, or
   *     leave nothing the rules allow
   */
  public static Transports transports(Configuration conf) {
    String asked = conf.get(TRANSPORTS_KEY, "").trim().toLowerCase(Locale.ROOT);
    String devices = conf.get(NET_DEVICES_KEY, "").trim();
    boolean encrypted = encryptedRpc(conf);
    boolean network = !devices.isEmpty() && !encrypted;
    if (asked.isEmpty() || asked.equals("all")) {
      // Every transport but SysV: UCX's exclusion syntax keeps RDMA where a vendor UCX has it.
      return network ? new Transports("^sysv", devices) : new Transports(SHARED_MEMORY, "");
    }
    Set<String> allowed = new LinkedHashSet<>();
    boolean networkAsked = false;
    for (String name : asked.split(",")) {
      String transport = name.trim();
      String withSysv = WITH_SYSV.get(transport.startsWith("^") ? "^" : transport);
      if (withSysv != null) {
        throw new IllegalArgumentException(TRANSPORTS_KEY + " is '" + asked + "': " + withSysv + "; sysv is"
            + " refused, its segments are open to the server's group; use sm or posix");
      }
      if (transport.equals("sm") || transport.equals("shm")) {
        allowed.addAll(Set.of(SHARED_MEMORY.split(",")));
      } else if (ON_HOST.contains(transport)) {
        allowed.add(transport);
      } else if (!transport.isEmpty()) {
        networkAsked = true;
        if (network) {
          allowed.add(transport);
        }
      }
    }
    if (allowed.isEmpty()) {
      throw new IllegalArgumentException(TRANSPORTS_KEY + " is '" + asked + "', network transports only, and "
          + (encrypted ? "HBase's RPC encrypts (hbase.rpc.protection=privacy or TLS), which UCX does not"
              : NET_DEVICES_KEY + " names no network device for them"));
    }
    return new Transports(String.join(",", allowed), networkAsked && network ? devices : "");
  }

  /**
   * How many threads of one end may poll UCX at once by default: half the cores this JVM may use, at least one.
   * With 16 YCSB clients on 2 cores and every waiting client thread polling, the pollers took the cores from the
   * threads that had work (results/README.md, hybrid fast path).
   */
  public static int defaultPollers() {
    return Math.max(1, Runtime.getRuntime().availableProcessors() / 2);
  }

  /** Whether HBase's RPC encrypts what it carries: the SASL privacy level, or TLS on either end. */
  static boolean encryptedRpc(Configuration conf) {
    return protection(conf).contains("privacy") || conf.getBoolean("hbase.server.netty.tls.enabled", false)
        || conf.getBoolean("hbase.client.netty.tls.enabled", false);
  }

  private static String protection(Configuration conf) {
    return conf.get("hbase.rpc.protection", "authentication").toLowerCase(Locale.ROOT);
  }
}
