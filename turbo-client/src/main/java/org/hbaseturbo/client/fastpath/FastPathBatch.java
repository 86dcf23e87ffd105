package org.hbaseturbo.client.fastpath;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.hadoop.hbase.HRegionLocation;
import org.apache.hadoop.hbase.ServerName;
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
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto.MutationType;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionAction;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.RegionActionResult;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.ResultOrException;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier.RegionSpecifierType;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FastPathStatus;

/**
 * A batch's Gets and Puts over the fast path, sent as HBase's client sends a batch: each RegionServer's share as one
 * {@code MultiRequest} of region actions (split where it would exceed what one message carries), which the server
 * runs through its own multi path, so that a region's Puts share one WAL append and sync. A server's messages go one
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

  private final RegionLocator locator;
  private final FastPathChannel channel;
  private final NetworkSelector selector;
  private final FastPathCounters counters;
  /** The most a message's body may hold: what the client sends at most, less the frame's header. */
  private final long maxBodyBytes;

  FastPathBatch(RegionLocator locator, FastPathChannel channel, NetworkSelector selector, FastPathCounters counters,
      FastPathClientConfig config) {
    this.locator = locator;
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
   * Sends what the fast path takes of {@code actions} and returns what it served. When a message that carried Puts
   * got no reply, it returns only once the server can no longer begin them: the caller's RPC batch comes after.
   */
  Outcome run(List<? extends Row> actions) throws IOException {
    Outcome outcome = new Outcome(actions.size());
    Set<ByteBuffer> rowsOverRpc = new HashSet<>();
    Map<ServerName, ServerShare> shares = new LinkedHashMap<>();
    for (int i = 0; i < actions.size(); i++) {
      Row action = actions.get(i);
      ByteBuffer row = ByteBuffer.wrap(action.getRow());
      if (rowsOverRpc.contains(row) || !selector.takes(action)) {
        rowsOverRpc.add(row);
        continue;
      }
      HRegionLocation location = locator.getRegionLocation(action.getRow());
      Action proto = toAction(i, action);
      if (actionBytes(proto) + regionActionBytes(location) > maxBodyBytes) {
        rowsOverRpc.add(row);
        continue;
      }
      shares.computeIfAbsent(location.getServerName(), server -> new ServerShare()).add(location, proto);
    }
    long lastDeadline = 0;
    for (ServerShare share : shares.values()) {
      for (Message message : share.messages(maxBodyBytes)) {
        FastPathCall call = channel.call(message.regions.get(0), FastPathOperation.MULTI,
            message.request.toByteArray());
        if (!call.served()) {
          counters.record(call, message.actions);
          if (call.status() == FastPathStatus.NOT_SERVING) {
            // The channel looked up the first region again; the others may have moved with it.
            message.regions.subList(1, message.regions.size()).forEach(channel::relocate);
          }
          if (call.mayHaveRun() && message.puts) {
            lastDeadline = Math.max(lastDeadline, call.deadlineNanos());
          }
          break;
        }
        int served = serve(message, MultiResponse.parseFrom(call.body()), outcome);
        counters.record(call, served);
        counters.failedInBatch(message.actions - served);
      }
    }
    awaitDeadline(lastDeadline);
    return outcome;
  }

  /** Takes the results the server gave for the message's actions; the rest stay to RPC. */
  private static int serve(Message message, MultiResponse response, Outcome outcome) {
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
        int index = result.getIndex();
        if (result.hasException() || !result.hasResult() || !indexes.remove(index)) {
          continue;
        }
        outcome.results[index] = ProtobufUtil.toResult(result.getResult());
        outcome.regions[index] = region;
        served++;
      }
    }
    return served;
  }

  static Action toAction(int index, Row action) throws IOException {
    Action.Builder builder = Action.newBuilder().setIndex(index);
    if (action instanceof Get get) {
      return builder.setGet(ProtobufUtil.toGet(get)).build();
    }
    return builder.setMutation(ProtobufUtil.toMutation(MutationType.PUT, (Put) action)).build();
  }

  private static int actionBytes(Action action) {
    return action.getSerializedSize() + ACTION_FIELD_BYTES;
  }

  private static int regionActionBytes(HRegionLocation location) {
    return REGION_ACTION_BYTES + location.getRegion().getRegionName().length;
  }

  /** Waits, where a message of Puts got no reply, until its server can no longer begin it. */
  private static void awaitDeadline(long deadlineNanos) throws InterruptedIOException {
    if (deadlineNanos != 0) {
      FastPathCall.noReply(deadlineNanos).awaitDeadline();
    }
  }

  /**
   * One message to a server: its request, the locations of its region actions' regions (in the request's order),
   * how many actions it carries and whether Puts among them.
   */
  record Message(List<HRegionLocation> regions, MultiRequest request, int actions, boolean puts) {
  }

  /** A server's share of the batch: its regions' actions, each region's in the batch's order. */
  static final class ServerShare {
    private final Map<String, RegionShare> regions = new LinkedHashMap<>();

    void add(HRegionLocation location, Action action) {
      regions.computeIfAbsent(location.getRegion().getEncodedName(), name -> new RegionShare(location)).actions
          .add(action);
    }

    /** The share as messages of at most {@code maxBytes} and {@link #MAX_ACTIONS_PER_MESSAGE} actions each. */
    List<Message> messages(long maxBytes) {
      List<Message> messages = new ArrayList<>();
      MessageBuilder message = new MessageBuilder();
      for (RegionShare region : regions.values()) {
        RegionAction.Builder regionAction = region.newAction();
        long regionBytes = regionActionBytes(region.location);
        for (Action action : region.actions) {
          if (message.actions == MAX_ACTIONS_PER_MESSAGE
              || message.bytes + regionBytes + actionBytes(action) > maxBytes) {
            message.add(region.location, regionAction, regionBytes);
            messages.add(message.build());
            message = new MessageBuilder();
            regionAction = region.newAction();
            regionBytes = regionActionBytes(region.location);
          }
          regionAction.addAction(action);
          message.actions++;
          message.puts |= action.hasMutation();
          regionBytes += actionBytes(action);
        }
        message.add(region.location, regionAction, regionBytes);
      }
      if (message.actions > 0) {
        messages.add(message.build());
      }
      return messages;
    }
  }

  private static final class RegionShare {
    final HRegionLocation location;
    final List<Action> actions = new ArrayList<>();

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
    long bytes;
    int actions;
    boolean puts;

    void add(HRegionLocation location, RegionAction.Builder regionAction, long regionBytes) {
      if (regionAction.getActionCount() > 0) {
        request.addRegionAction(regionAction);
        regions.add(location);
        bytes += regionBytes;
      }
    }

    Message build() {
      return new Message(List.copyOf(regions), request.build(), actions, puts);
    }
  }
}
