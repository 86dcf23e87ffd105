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
import java.util.concurrent.atomic.AtomicReference;
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
  private static final byte[] DIE = bytes("die");
  private static final User ALICE = User.createUserForTesting(new Configuration(false), "alice", new String[0]);

  private final ServerCounters counters = new ServerCounters();
  private final List<String> executed = new ArrayList<>();
  private final AtomicReference<String> turnedOff = new AtomicReference<>();
  private UcpContext context;
  private Sessions sessions;
  private TestingSession session;
  private FastPathWorkers workers;

  @BeforeEach
  void start() throws Exception {
    context = UcxRuntime.openContext(ChannelSettings.transports(new Configuration(false)));
    openSession(false);
  }

  /** @param signedReplies whether the server signs replies, as where HBase's RPC protects integrity */
  private void openSession(boolean signedReplies) throws Exception {
    sessions = new Sessions(() -> new Sessions.Limits(Duration.ofMinutes(5), 10, 10), signedReplies, Clock.systemUTC());
    KeyPair client = SessionKeys.newKeyPair();
    Sessions.Issued issued = sessions.open(ALICE, SessionKeys.encoded(client));
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

  /** Stands for HBase's request path: echoes the body as the user; "die" throws what no worker survives. */
  private Answer handle(User user, FastPathFrames.Request request) {
    String body = new String(request.body(), StandardCharsets.UTF_8);
    if (body.equals("die")) {
      throw new StackOverflowError("planted");
    }
    synchronized (executed) {
      executed.add(user.getName() + ":" + body);
    }
    return new Answer(FastPathStatus.OK, request.body());
  }

  private FastPathWorkers startWorkers(int size) {
    FastPathServerConfig config = FastPathServerConfig.from(new Configuration(false));
    Semaphore pollers = new Semaphore(1);
    workers = new FastPathWorkers(size, (index, onDeath) -> new FastPathWorker(context, sessions, this::handle,
        () -> config, counters, pollers, "FastPath-test-" + index, onDeath), counters, turnedOff::set);
    workers.start();
    return workers;
  }

  @Test
  void aWorkerRunsSignedRequestsOnceAndRefusesTheRestUnrun() throws Exception {
    try (RawFastPathClient raw = new RawFastPathClient(startWorkers(1).addresses().get(0))) {
      TestingSession client = session.repliesTo(raw);
      Reply served = raw.send(client.request(FastPathOperation.GET, 0, 1, bytes("a")));
      assertThat(served.status()).isEqualTo(FastPathStatus.OK);
      assertThat(served.sequence()).isEqualTo(1);
      assertThat(StandardCharsets.UTF_8.decode(served.body()).toString()).isEqualTo("a");

      // Unauthenticated: refused unanswered, since nothing says where an answer could safely go.
      raw.fire(FastPathFrames.REQUEST_MESSAGE, client.forged(FastPathOperation.GET, 0, 2, bytes("forged")), EAGER);
      awaitRefused(Refusal.NOT_SIGNED, 1);
      raw.fire(FastPathFrames.REQUEST_MESSAGE, new TestingSession(new byte[16], session.key(), raw.address())
          .request(FastPathOperation.GET, 0, 3, bytes("nobody")), EAGER);
      awaitRefused(Refusal.NO_SESSION, 1);
      raw.fire(FastPathFrames.REQUEST_MESSAGE, new byte[] {1, 2, 3}, EAGER);
      awaitRefused(Refusal.MALFORMED, 1);
      // Past its deadline: dropped unanswered, as HBase's RPC server drops a call its client gave up on.
      raw.fire(FastPathFrames.REQUEST_MESSAGE, client.request(FastPathOperation.PUT, 0, 4, System.nanoTime() - 1,
          bytes("late")), EAGER);
      awaitRefused(Refusal.EXPIRED, 1);
      // Authenticated, answered: a sequence already run.
      assertThat(raw.send(client.request(FastPathOperation.GET, 0, 1, bytes("again"))).status())
          .isEqualTo(FastPathStatus.MALFORMED);
      assertThat(counters.refusedFor(Refusal.REPLAYED)).isEqualTo(1);
      assertThat(raw.send(client.request(FastPathOperation.GET, 0, 5, bytes("b"))).status())
          .isEqualTo(FastPathStatus.OK);
      assertThat(raw.replies(0)).as("replies: the first Get, the replay's refusal, the second Get").hasSize(3);
    }
    assertThat(executed).containsExactly("alice:a", "alice:b");
    assertThat(counters.workersReplaced.sum()).isZero();
  }

  @Test
  void repliesAreSignedWhereTheSessionSaysSo() throws Exception {
    for (boolean signed : new boolean[] {false, true}) {
      openSession(signed);
      try (RawFastPathClient raw = new RawFastPathClient(startWorkers(1).addresses().get(0))) {
        Reply reply = raw.send(session.repliesTo(raw).request(FastPathOperation.GET, 0, 1, bytes("a")));
        assertThat(reply.status()).isEqualTo(FastPathStatus.OK);
        assertThat(reply.signedWith(new FrameMac(session.key()))).as("signed: %s", signed).isEqualTo(signed);
      } finally {
        workers.stop();
      }
    }
  }

  @Test
  void repliesGoOnlyToTheAddressAnAuthenticatedRequestNamed() throws Exception {
    ByteBuffer worker = startWorkers(1).addresses().get(0);
    try (RawFastPathClient client = new RawFastPathClient(worker);
        RawFastPathClient attacker = new RawFastPathClient(worker)) {
      // The attacker knows the session id but not its key: it cannot have the answers sent to itself.
      attacker.fire(FastPathFrames.REQUEST_MESSAGE, session.repliesTo(attacker).forged(FastPathOperation.GET, 0, 1,
          bytes("steal")), EAGER);
      awaitRefused(Refusal.NOT_SIGNED, 1);
      assertThat(client.send(session.repliesTo(client).request(FastPathOperation.GET, 0, 2, bytes("mine")))
          .status()).isEqualTo(FastPathStatus.OK);
      // Later requests carry no address: the worker answers where the stream's signed request said.
      assertThat(client.send(session.request(FastPathOperation.GET, 0, 3, bytes("again"))).status())
          .isEqualTo(FastPathStatus.OK);
      assertThat(attacker.replies(0)).isEmpty();
    }
    assertThat(executed).containsExactly("alice:mine", "alice:again");
  }

  @Test
  void messagesThatCrashedUcxDoNotEndTheWorker() throws Exception {
    try (RawFastPathClient raw = new RawFastPathClient(startWorkers(1).addresses().get(0))) {
      TestingSession client = session.repliesTo(raw);
      long withReplyFlag = UcpConstants.UCP_AM_SEND_FLAG_REPLY | EAGER;
      raw.fire(FastPathFrames.REQUEST_MESSAGE, client.request(FastPathOperation.GET, 0, 1, bytes("flagged")),
          withReplyFlag);
      raw.fire(FastPathFrames.REQUEST_MESSAGE, new byte[] {9, 9, 9}, withReplyFlag);
      // Sending on UCX's reply endpoint, then receiving a message without either flag, crashed UCX 1.13.1.
      raw.fire(FastPathFrames.REQUEST_MESSAGE, new byte[9_000], 0);
      // So did a message of an id below the highest with a handler, and none of its own.
      raw.fire(0, new byte[265], withReplyFlag);
      raw.fire(FastPathFrames.REQUEST_MESSAGE, client.request(FastPathOperation.GET, 0, 2, bytes("quiet")), 0);
      Reply served = raw.send(client.request(FastPathOperation.GET, 0, 3, bytes("after")));
      assertThat(served).as("a reply after those messages").isNotNull();
      assertThat(served.status()).isEqualTo(FastPathStatus.OK);
    }
    assertThat(executed).containsExactly("alice:flagged", "alice:quiet", "alice:after");
    assertThat(counters.workersReplaced.sum()).isZero();
  }

  private void awaitRefused(Refusal refusal, long count) throws Exception {
    Await.until(WAIT, count + " refusals for " + refusal, () -> counters.refusedFor(refusal) == count);
  }

  @Test
  void aWorkerThatDiesIsReplacedAndCounted() throws Exception {
    ByteBuffer first = startWorkers(1).addresses().get(0);
    try (RawFastPathClient raw = new RawFastPathClient(first)) {
      raw.fire(FastPathFrames.REQUEST_MESSAGE, session.repliesTo(raw).request(FastPathOperation.GET, 0, 1, DIE),
          EAGER);
    }
    Await.until(WAIT, "the dead worker to be replaced", () -> counters.workersReplaced.sum() == 1
        && !workers.addresses().isEmpty() && !workers.addresses().get(0).equals(first));
    try (RawFastPathClient raw = new RawFastPathClient(workers.addresses().get(0))) {
      assertThat(raw.send(session.repliesTo(raw).request(FastPathOperation.GET, 0, 2, bytes("new"))).status())
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
        raw.fire(FastPathFrames.REQUEST_MESSAGE, session.request(FastPathOperation.GET, 0, death, DIE), EAGER);
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
