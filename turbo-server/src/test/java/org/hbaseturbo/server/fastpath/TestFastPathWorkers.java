package org.hbaseturbo.server.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.security.User;
import org.hbaseturbo.common.Await;
import org.hbaseturbo.server.fastpath.FastPathRequests.Answer;
import org.hbaseturbo.server.fastpath.ServerCounters.Refusal;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Reply;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FastPathStatus;
import org.hbaseturbo.wire.fastpath.FrameMac;
import org.hbaseturbo.wire.fastpath.SessionKeys;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openucx.jucx.ucp.UcpConstants;
import org.openucx.jucx.ucp.UcpContext;

/**
 * Real fast-path workers over UCX, with a handler that stands for HBase's request path: what a worker runs, what it
 * refuses unrun, and that nothing a peer sends ends it; a worker that dies anyway is replaced.
 */
class TestFastPathWorkers {
  private static final Duration WAIT = Duration.ofSeconds(30);
  private static final long EAGER = UcpConstants.UCP_AM_SEND_FLAG_EAGER;
  private static final long REQUEST_FLAGS = RawFastPathClient.REQUEST_FLAGS;
  private static final byte[] DIE = bytes("die");
  /** A body that makes the stand-in request path sleep that many milliseconds first: "slow20". */
  private static final String SLOW = "slow";
  private static final User ALICE = User.createUserForTesting(new Configuration(false), "alice", new String[0]);

  private final ServerCounters counters = new ServerCounters();
  private final List<String> executed = new ArrayList<>();
  private final AtomicReference<String> turnedOff = new AtomicReference<>();
  /** Released as each slow request begins. */
  private final Semaphore slowStarted = new Semaphore(0);
  /** Every worker made, for a test that must close what a stop left open. */
  private final List<FastPathWorker> made = new ArrayList<>();
  private UcpContext context;
  private Sessions sessions;
  private TestingSession session;
  private FastPathWorkers workers;

  @BeforeEach
  void start() throws Exception {
    context = UcxRuntime.openContext(ChannelSettings.transports(new Configuration(false)));
    sessions = new Sessions(() -> new Sessions.Limits(Duration.ofMinutes(5), 10, 10), Clock.systemUTC());
    KeyPair client = SessionKeys.newKeyPair();
    Sessions.Issued issued = sessions.open(ALICE, null, SessionKeys.encoded(client));
    byte[] id = issued.session().id();
    session = new TestingSession(id, SessionKeys.sessionKey(client.getPrivate(), issued.serverPublicKey(),
        SessionKeys.encoded(client), issued.serverPublicKey(), id));
  }

  @AfterEach
  void stop() {
    if (workers != null) {
      workers.stop();
    }
    context.close();
  }

  /**
   * Stands for HBase's request path: echoes the body as the user; "die" throws what no worker survives, "slowN"
   * sleeps N milliseconds first.
   */
  private Answer handle(Sessions.Session session, FastPathFrames.Request request) {
    User user = session.user();
    String body = new String(request.body(), StandardCharsets.UTF_8);
    if (body.startsWith(SLOW)) {
      slowStarted.release();
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(Integer.parseInt(body.substring(SLOW.length()))));
    }
    if (body.equals("die")) {
      throw new StackOverflowError("planted");
    }
    synchronized (executed) {
      executed.add(user.getName() + ":" + body);
    }
    return new Answer(FastPathStatus.OK, request.body());
  }

  @Test
  void eachNewSessionStartsOneWorkerFurtherSoThatOneWorkerClientsSpreadOverAll() {
    List<ByteBuffer> slots = startWorkers(3).addresses();
    for (int session = 0; session < 6; session++) {
      // A client that uses one worker connects to the first address of its session.
      assertThat(workers.addressesForNewSession()).as("session " + session)
          .startsWith(slots.get(session % 3)).containsExactlyInAnyOrderElementsOf(slots);
    }
  }

  private FastPathWorkers startWorkers(int size) {
    FastPathServerConfig config = FastPathServerConfig.from(new Configuration(false));
    Semaphore pollers = new Semaphore(1);
    workers = new FastPathWorkers(size, (index, onDeath) -> {
      FastPathWorker worker = new FastPathWorker(context, sessions, this::handle, () -> config, counters, pollers,
          "FastPath-test-" + index, onDeath);
      made.add(worker);
      return worker;
    }, counters, turnedOff::set);
    workers.start();
    return workers;
  }

  @Test
  void aStopWaitsForEveryThreadWithinOneBoundAndSaysWhenOneStillRuns() throws Exception {
    List<ByteBuffer> addresses = startWorkers(3).addresses();
    List<RawFastPathClient> clients = new ArrayList<>();
    try {
      for (int i = 0; i < addresses.size(); i++) {
        RawFastPathClient raw = new RawFastPathClient(addresses.get(i));
        clients.add(raw);
        // Each worker held in the request path for 4 s, as by a row lock.
        raw.fire(FastPathFrames.REQUEST_MESSAGE, session.request(FastPathOperation.GET, i, 1, bytes(SLOW + 4_000)),
            REQUEST_FLAGS);
      }
      assertThat(slowStarted.tryAcquire(3, WAIT.toMillis(), TimeUnit.MILLISECONDS)).isTrue();
      long start = System.nanoTime();

      assertThat(workers.stop(Duration.ofSeconds(1))).as("every UCX worker closed").isFalse();
      // One bound for the three, not one each (3 s and more).
      assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(2_500));
      // Once their requests end, the threads do, and their workers close: then the context may.
      for (FastPathWorker worker : made) {
        assertThat(worker.awaitStop(System.nanoTime() + WAIT.toNanos())).isTrue();
      }
    } finally {
      for (RawFastPathClient raw : clients) {
        raw.close();
      }
    }
  }

  @Test
  void aWorkerRunsSignedRequestsOnceAndRefusesTheRestUnrun() throws Exception {
    try (RawFastPathClient raw = new RawFastPathClient(startWorkers(1).addresses().get(0))) {
      Reply served = raw.send(session.request(FastPathOperation.GET, 0, 1, bytes("a")));
      assertThat(served.status()).isEqualTo(FastPathStatus.OK);
      assertThat(served.sequence()).isEqualTo(1);
      assertThat(StandardCharsets.UTF_8.decode(served.body()).toString()).isEqualTo("a");

      // Unauthenticated: refused unanswered, since there is no key to sign an answer with.
      raw.fire(FastPathFrames.REQUEST_MESSAGE, session.forged(FastPathOperation.GET, 0, 2, bytes("forged")),
          REQUEST_FLAGS);
      awaitRefused(Refusal.NOT_SIGNED, 1);
      raw.fire(FastPathFrames.REQUEST_MESSAGE, new TestingSession(new byte[16], session.key())
          .request(FastPathOperation.GET, 0, 3, bytes("nobody")), REQUEST_FLAGS);
      awaitRefused(Refusal.NO_SESSION, 1);
      raw.fire(FastPathFrames.REQUEST_MESSAGE, new byte[] {1, 2, 3}, REQUEST_FLAGS);
      awaitRefused(Refusal.MALFORMED, 1);
      // Signed, but without UCX's reply flag: no endpoint to answer over, so not a request.
      raw.fire(FastPathFrames.REQUEST_MESSAGE, session.request(FastPathOperation.GET, 0, 4, bytes("no flag")), EAGER);
      awaitRefused(Refusal.MALFORMED, 2);
      // Past its deadline: dropped unanswered, as HBase's RPC server drops a call its client gave up on.
      raw.fire(FastPathFrames.REQUEST_MESSAGE, session.request(FastPathOperation.PUT, 0, 5, System.nanoTime() - 1,
          bytes("late")), REQUEST_FLAGS);
      awaitRefused(Refusal.EXPIRED, 1);
      // Authenticated, answered: a sequence already run.
      assertThat(raw.send(session.request(FastPathOperation.GET, 0, 1, bytes("again"))).status())
          .isEqualTo(FastPathStatus.MALFORMED);
      assertThat(counters.refusedFor(Refusal.REPLAYED)).isEqualTo(1);
      assertThat(raw.send(session.request(FastPathOperation.GET, 0, 6, bytes("b"))).status())
          .isEqualTo(FastPathStatus.OK);
      assertThat(raw.replies(0)).as("replies: the first Get, the replay's refusal, the second Get").hasSize(3);
    }
    assertThat(executed).containsExactly("alice:a", "alice:b");
    assertThat(counters.workersReplaced.sum()).isZero();
  }

  @Test
  void everyReplyIsSignedWithTheSessionKey() throws Exception {
    try (RawFastPathClient raw = new RawFastPathClient(startWorkers(1).addresses().get(0))) {
      Reply served = raw.send(session.request(FastPathOperation.GET, 0, 1, bytes("a")));
      Reply refused = raw.send(session.request(FastPathOperation.GET, 0, 1, bytes("replayed")));
      assertThat(List.of(served.status(), refused.status())).containsExactly(FastPathStatus.OK,
          FastPathStatus.MALFORMED);
      for (Reply reply : List.of(served, refused)) {
        assertThat(reply.signedWith(new FrameMac(session.key()))).isTrue();
        assertThat(reply.signedWith(new FrameMac(new byte[32]))).isFalse();
      }
    }
  }

  @Test
  void repliesGoOnlyToTheSenderOfASignedRequest() throws Exception {
    ByteBuffer worker = startWorkers(1).addresses().get(0);
    try (RawFastPathClient client = new RawFastPathClient(worker);
        RawFastPathClient attacker = new RawFastPathClient(worker)) {
      // The attacker knows the session id but not its key: nothing it sends runs, and nothing comes back to it.
      attacker.fire(FastPathFrames.REQUEST_MESSAGE, session.forged(FastPathOperation.GET, 0, 1, bytes("steal")),
          REQUEST_FLAGS);
      awaitRefused(Refusal.NOT_SIGNED, 1);
      assertThat(client.send(session.request(FastPathOperation.GET, 0, 2, bytes("mine"))).status())
          .isEqualTo(FastPathStatus.OK);
      assertThat(client.send(session.request(FastPathOperation.GET, 0, 3, bytes("again"))).status())
          .isEqualTo(FastPathStatus.OK);
      assertThat(attacker.replies(0)).isEmpty();
    }
    assertThat(executed).containsExactly("alice:mine", "alice:again");
  }

  @Test
  void messagesThatCrashedUcxDoNotEndTheWorker() throws Exception {
    try (RawFastPathClient raw = new RawFastPathClient(startWorkers(1).addresses().get(0))) {
      raw.fire(FastPathFrames.REQUEST_MESSAGE, session.request(FastPathOperation.GET, 0, 1, bytes("flagged")),
          REQUEST_FLAGS);
      raw.fire(FastPathFrames.REQUEST_MESSAGE, new byte[] {9, 9, 9}, REQUEST_FLAGS);
      // Sending on UCX's reply endpoint from inside the receive callback, then receiving a message without either
      // flag, crashed UCX 1.13.1 before 8a4f943. The worker answers inside the callback again since 3aeccf8: this
      // sequence must still not end it.
      raw.fire(FastPathFrames.REQUEST_MESSAGE, new byte[9_000], 0);
      // So did a message of an id below the highest with a handler, and none of its own.
      raw.fire(0, new byte[265], REQUEST_FLAGS);
      // Without the reply flag: no endpoint to answer over, so it runs nothing.
      raw.fire(FastPathFrames.REQUEST_MESSAGE, session.request(FastPathOperation.GET, 0, 2, bytes("quiet")), 0);
      Reply served = raw.send(session.request(FastPathOperation.GET, 0, 3, bytes("after")));
      assertThat(served).as("a reply after those messages").isNotNull();
      assertThat(served.status()).isEqualTo(FastPathStatus.OK);
      assertThat(served.sequence()).isEqualTo(3);
    }
    assertThat(executed).containsExactly("alice:flagged", "alice:after");
    assertThat(counters.workersReplaced.sum()).isZero();
  }

  /**
   * Clients that close their endpoint (gracefully or not) or their whole UCX worker right after their requests,
   * while the worker is still executing them: the endpoint UCX made to them may be failing or gone by the time the
   * worker answers, which must not end the worker.
   */
  @Test
  void clientsGoneBeforeTheirRepliesDoNotEndTheWorker() throws Exception {
    startWorkers(1);
    long sequence = 0;
    for (int client = 0; client < 40; client++) {
      RawFastPathClient raw = new RawFastPathClient(workers.addresses().get(0));
      raw.fire(FastPathFrames.REQUEST_MESSAGE, session.request(FastPathOperation.GET, 0, ++sequence,
          bytes(SLOW + (client % 4) * 5)), REQUEST_FLAGS);
      raw.fire(FastPathFrames.REQUEST_MESSAGE, session.request(FastPathOperation.GET, 0, ++sequence, bytes("x")),
          REQUEST_FLAGS);
      if (client % 2 == 0) {
        raw.closeGracefully();
      } else {
        raw.close();
      }
    }
    long last = sequence;
    try (RawFastPathClient raw = new RawFastPathClient(workers.addresses().get(0))) {
      // In order on the worker: its answer comes after every request of the gone clients that reached it.
      assertThat(raw.send(session.request(FastPathOperation.GET, 0, last + 1, bytes("after"))).status())
          .isEqualTo(FastPathStatus.OK);
    }
    assertThat(counters.executed.sum()).as("requests run, of the gone clients' %d and the last one's", last)
        .isGreaterThan(last / 2);
    assertThat(counters.workersReplaced.sum()).isZero();
  }

  private void awaitRefused(Refusal refusal, long count) throws Exception {
    Await.until(WAIT, count + " refusals for " + refusal, () -> counters.refusedFor(refusal) == count);
  }

  @Test
  void aWorkerThatDiesIsReplacedAndCounted() throws Exception {
    ByteBuffer first = startWorkers(1).addresses().get(0);
    try (RawFastPathClient raw = new RawFastPathClient(first)) {
      raw.fire(FastPathFrames.REQUEST_MESSAGE, session.request(FastPathOperation.GET, 0, 1, DIE), REQUEST_FLAGS);
    }
    Await.until(WAIT, "the dead worker to be replaced", () -> counters.workersReplaced.sum() == 1
        && !workers.addresses().isEmpty() && !workers.addresses().get(0).equals(first));
    try (RawFastPathClient raw = new RawFastPathClient(workers.addresses().get(0))) {
      assertThat(raw.send(session.request(FastPathOperation.GET, 0, 2, bytes("new"))).status())
          .isEqualTo(FastPathStatus.OK);
    }
    assertThat(executed).containsExactly("alice:new");
    assertThat(turnedOff.get()).isNull();
  }

  @Test
  void workersThatKeepDyingTurnTheFastPathOff() throws Exception {
    startWorkers(1);
    for (int death = 1; death <= FastPathWorkers.MAX_DEATHS + 1; death++) {
      try (RawFastPathClient raw = new RawFastPathClient(workers.addresses().get(0))) {
        raw.fire(FastPathFrames.REQUEST_MESSAGE, session.request(FastPathOperation.GET, 0, death, DIE),
            REQUEST_FLAGS);
      }
      int replaced = death;
      Await.until(WAIT, "death " + death + " to be dealt with", () -> counters.workersReplaced.sum() == replaced
          || turnedOff.get() != null);
    }
    assertThat(counters.workersReplaced.sum()).isEqualTo(FastPathWorkers.MAX_DEATHS);
    assertThat(turnedOff.get()).contains((FastPathWorkers.MAX_DEATHS + 1) + " fast-path workers died within a"
        + " minute").contains("StackOverflowError: planted");
    assertThat(workers.addresses()).isEmpty();
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }
}
