package org.hbaseturbo.client.fastpath;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.AsyncTableRegionLocator;
import org.apache.hadoop.hbase.client.Get;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.client.RegionLocator;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.Row;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.Action;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MultiResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionAction;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionActionResult;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ResultOrException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier.RegionSpecifierType;
import org.hbaseturbo.common.Pause;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.hbaseturbo.wire.fastpath.PutBodies;

/**
 * A batch's Gets and Puts over the fast path, sent as HBase's client sends a batch: each RegionServer's share as one
 * {@code MultiRequest} of region actions (split where it would exceed what one message carries), the Puts' cells in a
 * cell block beside it ({@link PutBodies}), which the server runs through its own multi path, so that a region's
 * Puts share one WAL append and sync. A server's messages go one
 * after another; what the fast path did not serve, action by action, is left for the caller to send over RPC.
 *
 * <p>Order within a row holds as over RPC: a row's actions all reach its region, in the batch's order, in one
 * region action or in messages sent in order. Once one of a row's actions is left to RPC (the selector did not take
 * it, or it is too large), every later action of that row is too, and once a message to a server is not served,
 * every later message to that server is: the RPC batch runs after the fast path's, and must not apply a row's
 * earlier Put after its later one. An action the server's request path failed alone is repeated over RPC after the
 * batch's others, as HBase's client retries it.
 */
final class FastPathBatch {
  /**
   * Actions one message carries at most: a server worker runs a message's actions one after another, while its
   * other clients' requests wait.
   */
  static final int MAX_ACTIONS_PER_MESSAGE = 1_000;
  /** What a region action adds to a message beside its actions and region name, over-estimated. */
  private static final int REGION_ACTION_BYTES = 32;
  /** What an action adds to its region action beside its own bytes: its field's tag and length, at most. */
  private static final int ACTION_FIELD_BYTES = 6;

  private final FastPathChannel channel;
  private final NetworkSelector selector;
  private final FastPathCounters counters;
  /** The most a message's body may hold: what the client sends at most, less the frame's header. */
  private final long maxBodyBytes;

  FastPathBatch(FastPathChannel channel, NetworkSelector selector, FastPathCounters counters,
      FastPathClientConfig config) {
    this.channel = channel;
    this.selector = selector;
    this.counters = counters;
    this.maxBodyBytes = config.maxRequestBytes() - FastPathFrames.REQUEST_HEADER_BYTES;
  }

  /** What the fast path served of a batch: a result per served action, and the region that served it. */
  static final class Outcome {
    private final Result[] results;
    private final byte[][] regions;

    private Outcome(int actions) {
      results = new Result[actions];
      regions = new byte[actions][];
    }

    /** @return action {@code index}'s result, null when it is left to RPC */
    Result result(int index) {
      return results[index];
    }

    byte[] region(int index) {
      return regions[index];
    }

    /** The indexes of the actions left to RPC, in the batch's order. */
    List<Integer> overRpc() {
      List<Integer> left = new ArrayList<>();
      for (int i = 0; i < results.length; i++) {
        if (results[i] == null) {
          left.add(i);
        }
      }
      return left;
    }
  }

  /**
   * Sends what the fast path takes of {@code actions} as {@link #runAsync} does, and returns what it served. Each
   * server's messages go one after another, the servers' at once, as HBase's client sends a batch: one server after
   * the other would make a batch's time the sum of its servers' (a batch of 100 Puts over two servers took 1.4 times
   * the native client's p50 that way, 2026-11-29). When a message that carried Puts got no reply, it returns only
   * once the server can no longer begin them: the caller's RPC batch comes after.
   */
  Outcome run(List<? extends Row> actions, RegionLocator locator) throws IOException {
    List<HRegionLocation> locations = new ArrayList<>(actions.size());
    for (Row action : actions) {
      locations.add(selector.takes(action) ? locator.getRegionLocation(action.getRow()) : null);
    }
    try {
      return send(plan(actions, locations)).get();
    } catch (InterruptedException e) {
      throw Pause.interrupted("the fast path's batch could still run", e);
    } catch (ExecutionException e) {
      // send never completes exceptionally: a message that could not be sent is left to RPC, and its deadline ends it
      throw new IllegalStateException("a fast-path batch failed", e.getCause());
    }
  }

  /**
   * Sends what the fast path takes of {@code actions}, without waiting: each server's messages one after another,
   * the servers' at once. An action whose region cannot be found is left to RPC, which reports why.
   *
   * @return what it served, once every message is answered or given up on and, where one that carried Puts got no
   *     reply, its server can no longer begin them; completed on a thread of the channel's
   */
  CompletableFuture<Outcome> runAsync(List<? extends Row> actions, AsyncTableRegionLocator locator) {
    List<CompletableFuture<HRegionLocation>> located = new ArrayList<>(actions.size());
    for (Row action : actions) {
      located.add(selector.takes(action)
          ? locator.getRegionLocation(action.getRow()).exceptionally(notFound -> null)
          : CompletableFuture.completedFuture(null));
    }
    return CompletableFuture.allOf(located.toArray(new CompletableFuture<?>[0])).thenCompose(all -> {
      try {
        return send(plan(actions, located.stream().map(CompletableFuture::join).toList()));
      } catch (IOException e) {
        return CompletableFuture.failedFuture(e);
      }
    });
  }

  /** Sends a plan's messages: each server's one after another, the servers' at once. */
  private CompletableFuture<Outcome> send(Plan plan) {
    List<CompletableFuture<Boolean>> shares = new ArrayList<>();
    for (List<Message> share : plan.shares) {
      CompletableFuture<Boolean> sent = CompletableFuture.completedFuture(true);
      for (Message message : share) {
        sent = sent.thenCompose(goOn -> !goOn ? CompletableFuture.completedFuture(false)
            : channel.submit(message.regions.get(0), FastPathOperation.MULTI, message.body)
                .thenApply(call -> plan.take(message, call)));
      }
      shares.add(sent);
    }
    return CompletableFuture.allOf(shares.toArray(new CompletableFuture<?>[0]))
        .thenCompose(done -> plan.relocations()).thenCompose(done -> {
          long left = plan.lastDeadline() == null ? 0 : plan.lastDeadline() - System.nanoTime();
          return left <= 0 ? CompletableFuture.completedFuture(plan.outcome)
              : CompletableFuture.supplyAsync(() -> plan.outcome,
                  CompletableFuture.delayedExecutor(left, TimeUnit.NANOSECONDS));
        });
  }

  /**
   * The batch's messages by server, from the location of each action the selector takes (null for the others):
   * a row's actions after one left to RPC are left to RPC too, as are actions too large for a message.
   */
  private Plan plan(List<? extends Row> actions, List<HRegionLocation> locations) throws IOException {
    Plan plan = new Plan(actions.size());
    Set<ByteBuffer> rowsOverRpc = new HashSet<>();
    Map<ServerName, ServerShare> shares = new LinkedHashMap<>();
    for (int i = 0; i < actions.size(); i++) {
      Row action = actions.get(i);
      ByteBuffer row = ByteBuffer.wrap(action.getRow());
      HRegionLocation location = locations.get(i);
      if (rowsOverRpc.contains(row) || location == null) {
        rowsOverRpc.add(row);
        continue;
      }
      PlannedAction planned = PlannedAction.of(i, action);
      if (planned.bytes + regionActionBytes(location) > maxBodyBytes) {
        rowsOverRpc.add(row);
        continue;
      }
      shares.computeIfAbsent(location.getServerName(), server -> new ServerShare()).add(location, planned);
    }
    for (ServerShare share : shares.values()) {
      plan.shares.add(share.messages(maxBodyBytes));
    }
    return plan;
  }

  /** A batch's messages by server, and what they served. */
  private final class Plan {
    final Outcome outcome;
    final List<List<Message>> shares = new ArrayList<>();
    /** The latest deadline of a message of Puts that may have run unanswered (nanoTime), or null. */
    private Long lastDeadline;
    /** Lookups of regions whose server was not sure it holds them: RPC goes after them. */
    private final List<CompletableFuture<Void>> relocations = new ArrayList<>();

    Plan(int actions) {
      outcome = new Outcome(actions);
    }

    synchronized Long lastDeadline() {
      return lastDeadline;
    }

    synchronized CompletableFuture<Void> relocations() {
      return CompletableFuture.allOf(relocations.toArray(new CompletableFuture<?>[0]));
    }

    private synchronized void mayHaveRun(long deadlineNanos) {
      lastDeadline = lastDeadline == null || deadlineNanos - lastDeadline > 0 ? deadlineNanos : lastDeadline;
    }

    /**
     * Takes how a message ended: its served results, or nothing.
     *
     * @return whether the server's next message may go over the fast path: not after one it did not serve
     */
    boolean take(Message message, FastPathCall call) {
      if (!call.served()) {
        counters.record(call, message.actions);
        if (call.status() == FastPathStatus.NOT_SERVING) {
          // The channel looked up the first region again; the others may have moved with it.
          List<CompletableFuture<Void>> lookups = message.regions.subList(1, message.regions.size()).stream()
              .map(channel::relocate).toList();
          synchronized (this) {
            relocations.addAll(lookups);
          }
        }
        if (call.mayHaveRun() && message.puts) {
          mayHaveRun(call.deadlineNanos());
        }
        return false;
      }
      int served;
      try {
        served = serve(message, MultiResponse.parseFrom(call.response()), call.cells(), outcome);
      } catch (IOException e) {
        // A reply that does not parse: the message's actions go over RPC, none of its results is taken.
        counters.record(FastPathCall.noReply(call.deadlineNanos()), message.actions);
        return false;
      }
      counters.record(call, served);
      counters.failedInBatch(message.actions - served);
      return true;
    }
  }

  /**
   * Takes the results the server gave for the message's actions; the rest stay to RPC. Every result's cells are read
   * from the cell block in the response's order, taken or not.
   */
  private static int serve(Message message, MultiResponse response, CellScanner cells, Outcome outcome)
      throws IOException {
    int served = 0;
    for (int r = 0; r < message.request.getRegionActionCount() && r < response.getRegionActionResultCount(); r++) {
      RegionAction asked = message.request.getRegionAction(r);
      RegionActionResult answered = response.getRegionActionResult(r);
      if (answered.hasException()) {
        // The region failed as a whole (moved, closing, over its quota): all its actions go over RPC, whose client
        // finds the region again.
        continue;
      }
      Set<Integer> indexes = new HashSet<>();
      asked.getActionList().forEach(action -> indexes.add(action.getIndex()));
      byte[] region = message.regions.get(r).getRegion().getRegionName();
      for (ResultOrException result : answered.getResultOrExceptionList()) {
        if (!result.hasResult()) {
          continue;
        }
        Result read = ServedReplies.result(result.getResult(), cells);
        int index = result.getIndex();
        if (result.hasException() || !indexes.remove(index)) {
          continue;
        }
        outcome.results[index] = read;
        outcome.regions[index] = region;
        served++;
      }
    }
    return served;
  }

  /**
   * An action as a message carries it: its protobuf action, the Put whose cells go in the message's cell block (null
   * for a Get), and the bytes the two add to the message.
   */
  record PlannedAction(Action action, Put put, long bytes) {
    static PlannedAction of(int index, Row row) throws IOException {
      Action.Builder builder = Action.newBuilder().setIndex(index);
      if (row instanceof Get get) {
        Action action = builder.setGet(ProtobufUtil.toGet(get)).build();
        return new PlannedAction(action, null, action.getSerializedSize() + ACTION_FIELD_BYTES);
      }
      Put put = (Put) row;
      Action action = builder.setMutation(PutBodies.mutation(put)).build();
      return new PlannedAction(action, put,
          action.getSerializedSize() + ACTION_FIELD_BYTES + PutBodies.cellBlockBytes(put));
    }
  }

  private static int regionActionBytes(HRegionLocation location) {
    return REGION_ACTION_BYTES + location.getRegion().getRegionName().length;
  }

  /**
   * One message to a server: its request and the body that carries it with its Puts' cells, the locations of its
   * region actions' regions (in the request's order), how many actions it carries and whether Puts among them.
   */
  record Message(List<HRegionLocation> regions, MultiRequest request, byte[] body, int actions, boolean puts) {
  }

  /** A server's share of the batch: its regions' actions, each region's in the batch's order. */
  static final class ServerShare {
    private final Map<String, RegionShare> regions = new LinkedHashMap<>();

    void add(HRegionLocation location, PlannedAction action) {
      regions.computeIfAbsent(location.getRegion().getEncodedName(), name -> new RegionShare(location)).actions
          .add(action);
    }

    /** The share as messages of at most {@code maxBytes} and {@link #MAX_ACTIONS_PER_MESSAGE} actions each. */
    List<Message> messages(long maxBytes) throws IOException {
      List<Message> messages = new ArrayList<>();
      MessageBuilder message = new MessageBuilder();
      for (RegionShare region : regions.values()) {
        RegionAction.Builder regionAction = region.newAction();
        List<Put> regionPuts = new ArrayList<>();
        long regionBytes = regionActionBytes(region.location);
        for (PlannedAction action : region.actions) {
          if (message.actions == MAX_ACTIONS_PER_MESSAGE || message.bytes + regionBytes + action.bytes > maxBytes) {
            message.add(region.location, regionAction, regionPuts, regionBytes);
            messages.add(message.build());
            message = new MessageBuilder();
            regionAction = region.newAction();
            regionPuts = new ArrayList<>();
            regionBytes = regionActionBytes(region.location);
          }
          regionAction.addAction(action.action);
          if (action.put != null) {
            regionPuts.add(action.put);
          }
          message.actions++;
          regionBytes += action.bytes;
        }
        message.add(region.location, regionAction, regionPuts, regionBytes);
      }
      if (message.actions > 0) {
        messages.add(message.build());
      }
      return messages;
    }
  }

  private static final class RegionShare {
    final HRegionLocation location;
    final List<PlannedAction> actions = new ArrayList<>();

    RegionShare(HRegionLocation location) {
      this.location = location;
    }

    RegionAction.Builder newAction() {
      return RegionAction.newBuilder().setRegion(RequestConverter.buildRegionSpecifier(
          RegionSpecifierType.REGION_NAME, location.getRegion().getRegionName()));
    }
  }

  private static final class MessageBuilder {
    final MultiRequest.Builder request = MultiRequest.newBuilder();
    final List<HRegionLocation> regions = new ArrayList<>();
    /** The Puts whose cells the cell block carries, in the order of their actions in the request. */
    final List<Put> puts = new ArrayList<>();
    /** The body's bytes by estimate: the request's length before it, and what each region action adds. */
    long bytes = Integer.BYTES;
    int actions;

    void add(HRegionLocation location, RegionAction.Builder regionAction, List<Put> regionPuts, long regionBytes) {
      if (regionAction.getActionCount() > 0) {
        request.addRegionAction(regionAction);
        regions.add(location);
        puts.addAll(regionPuts);
        bytes += regionBytes;
      }
    }

    Message build() throws IOException {
      MultiRequest built = request.build();
      return new Message(List.copyOf(regions), built, PutBodies.body(built, puts), actions, !puts.isEmpty());
    }
  }
}
