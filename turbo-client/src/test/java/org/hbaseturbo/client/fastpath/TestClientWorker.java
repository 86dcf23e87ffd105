package org.hbaseturbo.client.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.conf.Configuration;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Reply;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Request;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;
import org.hbaseturbo.wire.fastpath.FrameMac;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openucx.jucx.ucp.UcpContext;

/**
 * A client worker against a stand-in server over UCX that answers each request as a test scripts it: a reply counts
 * only when it names the awaited request's stream and sequence and carries the session key's mac; anything else is
 * ignored and the call times out.
 */
class TestClientWorker {
  private static final byte[] KEY = "the session key of 32 bytes, ok.".getBytes(StandardCharsets.US_ASCII);
  private static final Duration TIMEOUT = Duration.ofMillis(300);

  private UcpContext context;
  private StandInServer server;
  private ScheduledExecutorService timer;

  @BeforeEach
  void start() throws Exception {
    context = UcxRuntime.openContext(ChannelSettings.transports(new Configuration(false)));
    server = new StandInServer(context);
    timer = Executors.newSingleThreadScheduledExecutor();
  }

  @AfterEach
  void stop() throws Exception {
    timer.shutdownNow();
    server.close();
    context.close();
  }

  @Test
  void aReplyMustNameTheAwaitedStreamAndSequence() throws Exception {
    try (ClientWorker client = client()) {
      ServerSession session = server.session(KEY);
      server.answer = request -> StandInServer.reply(request.stream(), request.sequence(), KEY, "ok");
      assertThat(body(client.call(session, FastPathOperation.GET, new byte[1], deadline()))).isEqualTo("ok");
      server.answer = request -> StandInServer.reply(request.stream(), request.sequence() + 1, KEY, "next");
      assertThatThrownBy(() -> client.call(session, FastPathOperation.GET, new byte[1], deadline()))
          .as("another sequence").isInstanceOf(FastPathTimeoutException.class);
      server.answer = request -> StandInServer.reply(request.stream() + 1, request.sequence(), KEY, "other stream");
      assertThatThrownBy(() -> client.call(session, FastPathOperation.GET, new byte[1], deadline()))
          .as("another stream").isInstanceOf(FastPathTimeoutException.class);
    }
  }

  @Test
  void onlyRepliesSignedWithTheSessionKeyCount() throws Exception {
    try (ClientWorker client = client()) {
      ServerSession session = server.session(KEY);
      server.answer = request -> StandInServer.reply(request.stream(), request.sequence(), null, "unsigned");
      assertThatThrownBy(() -> client.call(session, FastPathOperation.GET, new byte[1], deadline()))
          .as("unsigned").isInstanceOf(FastPathTimeoutException.class);
      server.answer = request -> StandInServer.reply(request.stream(), request.sequence(), new byte[32], "forged");
      assertThatThrownBy(() -> client.call(session, FastPathOperation.GET, new byte[1], deadline()))
          .as("signed with another key").isInstanceOf(FastPathTimeoutException.class);
      server.answer = request -> StandInServer.reply(request.stream(), request.sequence(), KEY, "signed");
      assertThat(body(client.call(session, FastPathOperation.GET, new byte[1], deadline()))).isEqualTo("signed");
    }
  }

  @Test
  void requestsAreSignedNumberedAndCarryNoAddress() throws Exception {
    List<Request> seen = new java.util.concurrent.CopyOnWriteArrayList<>();
    try (ClientWorker client = client()) {
      ServerSession session = server.session(KEY);
      server.answer = request -> {
        seen.add(request);
        return StandInServer.reply(request.stream(), request.sequence(), KEY, "ok");
      };
      client.call(session, FastPathOperation.GET, new byte[] {7}, deadline());
      client.call(session, FastPathOperation.PUT, new byte[] {8}, deadline());
    }
    assertThat(seen).hasSize(2);
    assertThat(seen.get(1).sequence()).isEqualTo(seen.get(0).sequence() + 1);
    for (Request request : seen) {
      assertThat(request.signedWith(new FrameMac(KEY))).isTrue();
      assertThat(request.stream()).isEqualTo(3);
    }
    assertThat(seen.get(0).body()).as("header, then the body: nothing between").containsExactly(7);
    assertThat(seen.get(1).body()).containsExactly(8);
  }

  /**
   * A session that renews the one the worker's link to the server was for keeps that link, and so does a caller that
   * took the renewed session before its renewal: the server sees one sender, where a link per session left every
   * replaced one on a RegionServer. A session opened in place of one dropped for no answer makes a new link.
   */
  @Test
  void aRenewedSessionKeepsTheLinkAndOneInPlaceOfADroppedSessionMakesANewOne() throws Exception {
    try (ClientWorker client = client()) {
      ServerSession first = server.session(KEY, sessionId(1), null);
      ServerSession renewal = server.session(KEY, sessionId(2), first.id());
      ServerSession replacement = server.session(KEY, sessionId(3), null);
      server.answer = request -> StandInServer.reply(request.stream(), request.sequence(), KEY, "ok");
      for (ServerSession session : List.of(first, renewal, first, renewal)) {
        assertThat(body(client.call(session, FastPathOperation.GET, new byte[1], deadline()))).isEqualTo("ok");
      }
      assertThat(server.senders).as("links the server saw").hasSize(1);

      assertThat(body(client.call(replacement, FastPathOperation.GET, new byte[1], deadline()))).isEqualTo("ok");
      assertThat(server.senders).as("links the server saw").hasSize(2);
    }
  }

  private static byte[] sessionId(int n) {
    byte[] id = new byte[StandInServer.SESSION.length];
    id[0] = (byte) n;
    return id;
  }

  /**
   * While UCX's wait for events returns at once with nothing for the caller (here a signal sent over and over; in
   * {@code bench fastpath}, batches of Puts at 64 clients), the caller sleeps between such wake-ups instead of
   * spinning on a core, and still times out at its deadline.
   */
  @Test
  void wakeUpsToNothingOverAndOverAreWaitedOutAsleep() throws Exception {
    ReplyWaits waits = new ReplyWaits();
    try (ClientWorker client = client(waits)) {
      ServerSession session = server.session(KEY);
      server.busy = true;
      CompletableFuture<Reply> call = CompletableFuture.supplyAsync(() -> {
        try {
          return client.call(session, FastPathOperation.GET, new byte[1],
              System.nanoTime() + Duration.ofMillis(700).toNanos());
        } catch (FastPathUnavailableException e) {
          throw new CompletionException(e);
        }
      });
      ReplyWaits.Snapshot spun = EmptyWakeUps.during(Duration.ofMillis(500), client, waits);
      assertThat(spun.idleWakeUps()).as("wake-ups to nothing in 500 ms").isBetween(2L, EmptyWakeUps.AT_MOST);
      assertThat(spun.sleeps()).as("slept between them").isPositive();
      assertThatThrownBy(call::join).hasCauseInstanceOf(FastPathTimeoutException.class);
    }
  }

  /**
   * Requests larger together than the server's shared-memory queue wait in UCX for room while the server drains it:
   * each arrives whole and signed, so the buffer of a finished send is used again only once UCX is done with it; and
   * {@code progress()} counts the replies it took, not the pieces of waiting sends UCX moved, which a waiter took for
   * events and polled on without end (issue 47).
   */
  @Test
  void requestsThatWaitForRoomArriveWholeAndOnlyRepliesCountAsProgress() throws Exception {
    int requests = 16;
    FrameMac mac = new FrameMac(KEY);
    try (ClientWorker client = client()) {
      ServerSession session = server.session(KEY);
      server.answer = request -> StandInServer.reply(request.stream(), request.sequence(), KEY,
          request.signedWith(mac) && sameBytes(request.body()) ? "whole" : "torn");
      long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
      for (int i = 0; i < requests; i++) {
        byte[] body = new byte[256 * 1024];
        Arrays.fill(body, (byte) i);
        client.send(session, FastPathOperation.PUT, body, deadline);
      }
      List<String> replies = new ArrayList<>();
      long counted = 0;
      while (replies.size() < requests && System.nanoTime() < deadline) {
        counted += client.progress();
        client.takeAnswered().forEach(answered -> replies.add(body(answered.reply())));
      }
      assertThat(replies).hasSize(requests).containsOnly("whole");
      assertThat(counted).as("progress counted").isEqualTo(requests);
    }
  }

  /**
   * A reply larger than the shared-memory transport's segment arrives in pieces, each of which wakes the waiter: those
   * wake-ups found work, and the waiter parks again at once rather than sleeping as after wake-ups to nothing. Taken
   * for wake-ups to nothing, a reply of 55 KB cost 3 sleeps, one of 110 KB 5 (issue 47's batches of 100 rows); now
   * about one in 20 replies sleeps once.
   */
  @Test
  void aReplyThatArrivesInPiecesIsWaitedForWithoutSleeping() throws Exception {
    int calls = 20;
    String large = "x".repeat(110_000);
    ReplyWaits waits = new ReplyWaits();
    try (ClientWorker client = client(waits)) {
      ServerSession session = server.session(KEY);
      server.answer = request -> {
        // Long enough that the caller's spin is over and it parks before the reply.
        LockSupport.parkNanos(Duration.ofMillis(3).toNanos());
        return StandInServer.reply(request.stream(), request.sequence(), KEY, large);
      };
      for (int i = 0; i < calls; i++) {
        assertThat(body(client.call(session, FastPathOperation.GET, new byte[1], deadline()))).isEqualTo(large);
      }
    }
    ReplyWaits.Snapshot waited = waits.snapshot();
    assertThat(waited.replies()).isEqualTo(calls);
    assertThat(waited.parks()).as("parks: one per piece").isGreaterThan(2L * calls);
    assertThat(waited.sleeps()).as("sleeps after wake-ups to nothing").isLessThanOrEqualTo(calls / 4);
  }

  private static boolean sameBytes(byte[] body) {
    for (byte next : body) {
      if (next != body[0]) {
        return false;
      }
    }
    return true;
  }

  private ClientWorker client() {
    return client(new ReplyWaits());
  }

  private ClientWorker client(ReplyWaits waits) {
    return new ClientWorker(context, 3, timer, waits, FastPathClientConfig.from(new Configuration(false)));
  }

  private static long deadline() {
    return System.nanoTime() + TIMEOUT.toNanos();
  }

  private static String body(Reply reply) {
    return StandardCharsets.UTF_8.decode(reply.body()).toString();
  }
}
