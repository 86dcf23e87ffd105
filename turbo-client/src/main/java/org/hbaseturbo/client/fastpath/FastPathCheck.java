package org.hbaseturbo.client.fastpath;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.client.Connection;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.RegionInfo;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.hbaseturbo.common.Messages;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Reply;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;
import org.openucx.jucx.ucp.UcpContext;

/**
 * Checks every RegionServer's fast path as a client meets it ({@code turbo fastpath check}): opens a session over
 * RPC as the connection's user, through a region the server holds (user tables first), and times Gets of a row of
 * that region over UCX, from a UCX worker of its own per server, so that UCX logs each server's endpoint
 * ({@link UcxLog}, read once this process has ended).
 */
public final class FastPathCheck {
  private final Connection rpc;
  private final FastPathClientConfig config;
  private final int roundTrips;

  /**
   * @param rpc a stock connection: sessions are opened over it, as its user
   * @param roundTrips Gets to time per server
   */
  public FastPathCheck(Connection rpc, int roundTrips) {
    this.rpc = rpc;
    this.config = FastPathClientConfig.from(rpc.getConfiguration());
    this.roundTrips = roundTrips;
  }

  /** The transports this client lets UCX use, as configured. */
  public String transports() {
    return config.transports().describe();
  }

  /**
   * @return one check per RegionServer, by server name
   * @throws FastPathUnavailableException when this process cannot start UCX at all
   */
  public List<ServerCheck> run() throws IOException {
    SessionCalls sessions = SessionCalls.over(rpc);
    ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
    try (UcpContext context = UcxRuntime.openContext(config.transports()); Admin admin = rpc.getAdmin()) {
      List<ServerCheck> checks = new ArrayList<>();
      for (ServerName server : admin.getRegionServers().stream().sorted().toList()) {
        checks.add(check(admin, server, sessions, context, timer));
      }
      return checks;
    } finally {
      timer.shutdownNow();
    }
  }

  private ServerCheck check(Admin admin, ServerName server, SessionCalls sessions, UcpContext context,
      ScheduledExecutorService timer) throws IOException {
    Optional<RegionInfo> region = admin.getRegions(server).stream()
        .min(Comparator.comparing((RegionInfo info) -> info.getTable().isSystemTable()));
    if (region.isEmpty()) {
      return ServerCheck.notUp(server.toString(), ServerCheck.State.UNCHECKED,
          "holds no region, and sessions open through a region's endpoint", "");
    }
    ServerSession session;
    try {
      session = sessions.open(new HRegionLocation(region.get(), server), null);
    } catch (IOException e) {
      // HBase wraps the server's refusal in its endpoint call's failure: the reason is the deepest cause.
      return ServerCheck.notUp(server.toString(), ServerCheck.State.DOWN, "no session: "
          + Messages.firstLine(Messages.rootCause(e)), "");
    }
    byte[] get = RequestConverter.buildGetRequest(region.get().getRegionName(), new Get(rowIn(region.get())))
        .toByteArray();
    try (ClientWorker worker = new ClientWorker(context, 0, timer, new ReplyWaits(), config)) {
      for (int i = 0; i < roundTrips; i++) {
        // As many untimed first: the first calls of a JVM are slow.
        worker.call(session, FastPathOperation.GET, get, deadline());
      }
      long[] nanos = new long[roundTrips];
      Reply reply = null;
      for (int i = 0; i < roundTrips; i++) {
        long start = System.nanoTime();
        reply = worker.call(session, FastPathOperation.GET, get, deadline());
        nanos[i] = System.nanoTime() - start;
      }
      Arrays.sort(nanos);
      FastPathStatus status = reply.status();
      // A refusal's body is its reason (FastPathRequests); its first line is enough for a table.
      String detail = status == FastPathStatus.OK ? "" : "Gets answered " + status + ": "
          + StandardCharsets.UTF_8.decode(reply.body()).toString().lines().findFirst().orElse("");
      return new ServerCheck(server.toString(), ServerCheck.State.UP, detail, session.runtime(), "", true,
          roundTrips, nanos[roundTrips / 2] / 1_000.0);
    } catch (FastPathUnavailableException e) {
      // The session names the server's boot: one of this host is reached over shared memory where the client allows it,
      // which the kernel keeps from a process of another user.
      String sameHost = session.clock().sameClock() ? "; the RegionServer is on this host, where one that runs as"
          + " another user than this client cannot be reached over shared memory (" + ChannelSettings.TRANSPORTS_KEY
          + "=tcp takes TCP)" : "";
      return ServerCheck.notUp(server.toString(), ServerCheck.State.DOWN, "a session over RPC, but no reply over UCX: "
          + e.getMessage() + sameHost, session.runtime());
    } finally {
      sessions.close(session);
    }
  }

  private long deadline() {
    return System.nanoTime() + config.timeout().toNanos();
  }

  /** A row of the region: its start key followed by a zero byte (the first region's start key is empty). */
  private static byte[] rowIn(RegionInfo region) {
    return Arrays.copyOf(region.getStartKey(), region.getStartKey().length + 1);
  }
}
