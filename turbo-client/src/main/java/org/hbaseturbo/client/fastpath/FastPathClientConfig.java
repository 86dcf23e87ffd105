package org.hbaseturbo.client.fastpath;

import java.time.Duration;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HConstants;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.wire.Settings;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
import org.hbaseturbo.wire.fastpath.ChannelSettings.Transports;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathOperation;

/**
 * A client's fast-path settings, from the connection's configuration.
 *
 * @param operations what goes over the fast path ({@code turbo.fastpath.operations}: a list of {@code get},
 *     {@code put} and {@code prepared-scan} (Prepared Scan's executes), or {@code none}; default all three)
 * @param maxRequestBytes larger Puts go over RPC
 * @param timeout how long to wait for a fast-path reply before repeating the operation over RPC
 * @param spin how long a caller polls for its reply before it parks until the reply (or the timeout) wakes it
 * @param pollers callers poll for their replies only while no more than this many wait at once: a polling thread
 *     holds a core, and when more callers wait than the cores spare, polling takes CPU from the threads with work
 *     (the RegionServer's, on one host)
 * @param workers UCX workers the connection keeps, each used by one calling thread at a time
 * @param asyncWorkers UCX workers of the asynchronous client, each with a thread that keeps many requests in flight
 * @param transports what UCX may use ({@link ChannelSettings#transports})
 * @param retryUnavailable how long a RegionServer that could not open a session is left to RPC alone
 */
public record FastPathClientConfig(Set<FastPathOperation> operations, long maxRequestBytes, Duration timeout,
    Duration spin, int pollers, int workers, int asyncWorkers, Transports transports, Duration retryUnavailable) {
  public static final String OPERATIONS_KEY = "turbo.fastpath.operations";
  public static final String MAX_REQUEST_KEY = "turbo.fastpath.max-request-bytes";
  public static final String TIMEOUT_KEY = "turbo.fastpath.timeout";
  public static final String SPIN_KEY = "turbo.fastpath.spin";
  public static final String POLLERS_KEY = "turbo.fastpath.pollers";
  public static final String WORKERS_KEY = "turbo.fastpath.workers";
  public static final String ASYNC_WORKERS_KEY = "turbo.fastpath.async-workers";
  /**
   * Each worker is a stream of its own in every session, and a RegionServer keeps 1,024 streams a session: the
   * workers and the asynchronous ones share them.
   */
  private static final int MAX_WORKERS = 960;
  private static final int MAX_ASYNC_WORKERS = 64;
  public static final String RETRY_UNAVAILABLE_KEY = "turbo.fastpath.retry-unavailable";

  public FastPathClientConfig {
    operations = Set.copyOf(operations);
  }

  /** @throws InvalidInputException naming the setting and what was expected */
  public static FastPathClientConfig from(Configuration conf) {
    try {
      return new FastPathClientConfig(operations(conf.get(OPERATIONS_KEY, "get,put,prepared-scan")),
          Settings.bytes(conf, MAX_REQUEST_KEY, 1L << 20, FastPathFrames.MAX_MESSAGE_BYTES),
          // The RPC timeout bounds what a stock operation would wait; the fast path waits no longer than that.
          Settings.duration(conf, TIMEOUT_KEY, Duration.ofMillis(Math.min(5_000,
              conf.getLong(HConstants.HBASE_RPC_TIMEOUT_KEY, HConstants.DEFAULT_HBASE_RPC_TIMEOUT))),
              TimeUnit.MILLISECONDS, Duration.ofMillis(1)),
          Settings.duration(conf, SPIN_KEY, Duration.ofNanos(250_000), TimeUnit.MICROSECONDS, Duration.ZERO),
          (int) Math.min(Settings.count(conf, POLLERS_KEY, ChannelSettings.defaultPollers(), 0), 1024),
          (int) Math.min(Settings.count(conf, WORKERS_KEY, 64, 1), MAX_WORKERS),
          (int) Math.min(Settings.count(conf, ASYNC_WORKERS_KEY, 1, 1), MAX_ASYNC_WORKERS),
          ChannelSettings.transports(conf),
          Settings.duration(conf, RETRY_UNAVAILABLE_KEY, Duration.ofMinutes(1), TimeUnit.MILLISECONDS,
              Duration.ofMillis(1)));
    } catch (IllegalArgumentException e) {
      throw new InvalidInputException(e.getMessage(), e);
    }
  }

  private static Set<FastPathOperation> operations(String value) {
    Set<FastPathOperation> operations = EnumSet.noneOf(FastPathOperation.class);
    for (String name : value.toLowerCase(Locale.ROOT).split(",")) {
      String trimmed = name.trim();
      if (trimmed.equals("none")) {
        continue;
      }
      operations.add(switch (trimmed) {
        case "get" -> FastPathOperation.GET;
        case "put" -> FastPathOperation.PUT;
        case "prepared-scan" -> FastPathOperation.PREPARED_EXECUTE;
        default -> throw new InvalidInputException(OPERATIONS_KEY + " is '" + value + "'; expected a list of get,"
            + " put and prepared-scan, or none");
      });
    }
    return operations;
  }
}
