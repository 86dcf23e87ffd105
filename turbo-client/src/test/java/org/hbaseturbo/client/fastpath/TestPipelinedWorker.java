package org.hbaseturbo.client.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.apache.hadoop.conf.Configuration;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
import org.hbaseturbo.wire.fastpath.FastPathFrames.Reply;
import org.hbaseturbo.wire.fastpath.FastPathOperation;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.openucx.jucx.ucp.UcpContext;

/**
 * A pipelined worker keeps many requests in flight against a stand-in server: each future gets its own request's
 * reply whatever order replies come in, a request left unanswered fails alone at its deadline, and closing fails
 * what is still held.
 */
class TestPipelinedWorker {
  private static final byte[] KEY = "the session key of 32 bytes, ok.".getBytes(StandardCharsets.US_ASCII);
  private static final Duration TIMEOUT = Duration.ofMillis(500);
  private static final int STREAM = 5;

  private UcpContext context;
  private StandInServer server;
  private ScheduledExecutorService timer;
  private ReplyWaits waits;
  private ClientWorker clientWorker;
  private PipelinedWorker worker;

  @BeforeEach
  void start() throws Exception {
    context = UcxRuntime.openContext(ChannelSettings.transports(new Configuration(false)));
    server = new StandInServer(context);
    timer = Executors.newSingleThreadScheduledExecutor();
    waits = new ReplyWaits();
    FastPathClientConfig config = FastPathClientConfig.from(new Configuration(false));
    clientWorker = new ClientWorker(context, STREAM, timer, waits, config);
    worker = new PipelinedWorker(clientWorker, "pipelined-test", timer, waits, config);
  }

  @AfterEach
  void stop() throws Exception {
    worker.close();
    timer.shutdownNow();
    server.close();
    context.close();
  }

  @Test
  void eachOfManyRequestsInFlightGetsItsOwnReplyInWhateverOrderRepliesCome() {
    // The stand-in answers each request with its body, ten at a time, last first.
    server.reverseEvery = 10;
    server.answer = request -> StandInServer.reply(request.stream(), request.sequence(), KEY,
        new String(request.body(), StandardCharsets.UTF_8));
    ServerSession session = server.session(KEY);
    List<CompletableFuture<Reply>> replies = new ArrayList<>();
    for (int i = 0; i < 1_000; i++) {
      replies.add(worker.submit(session, FastPathOperation.GET, ("request " + i).getBytes(StandardCharsets.UTF_8),
          System.nanoTime() + Duration.ofSeconds(20).toNanos()));
    }
    for (int i = 0; i < replies.size(); i++) {
      assertThat(body(replies.get(i).join())).isEqualTo("request " + i);
    }
    assertThat(waits.snapshot().replies()).isEqualTo(1_000);
    assertThat(waits.snapshot().timedReplies()).as("one host, one clock: every reply's way timed")
        .isEqualTo(1_000);
  }

  /**
   * While UCX's wait for events returns at once with nothing for the thread (here a signal sent over and over; in
   * {@code bench fastpath}, batches of Puts at 64 clients), the thread sleeps between such wake-ups instead of
   * spinning on a core; a request submitted meanwhile still goes out and is answered.
   */
  @Test
  void wakeUpsToNothingOverAndOverAreWaitedOutAsleep() throws Exception {
    server.answer = request -> StandInServer.reply(request.stream(), request.sequence(), KEY, "answered");
    ServerSession session = server.session(KEY);
    server.busy = true;
    CompletableFuture<Reply> held = worker.submit(session, FastPathOperation.GET, new byte[1],
        System.nanoTime() + Duration.ofSeconds(20).toNanos());
    ReplyWaits.Snapshot spun = EmptyWakeUps.during(Duration.ofMillis(500), clientWorker, waits);
    assertThat(spun.idleWakeUps()).as("wake-ups to nothing in 500 ms").isBetween(2L, EmptyWakeUps.AT_MOST);
    assertThat(spun.sleeps()).as("slept between them").isPositive();
    server.busy = false;
    assertThat(body(held.join())).isEqualTo("answered");
  }

  @Test
  void aRequestLeftUnansweredFailsAloneAtItsDeadline() {
    Set<String> unanswered = ConcurrentHashMap.newKeySet();
    unanswered.add("request 3");
    server.answer = request -> {
      String body = new String(request.body(), StandardCharsets.UTF_8);
      return unanswered.contains(body) ? null : StandInServer.reply(request.stream(), request.sequence(), KEY, body);
    };
    ServerSession session = server.session(KEY);
    List<CompletableFuture<Reply>> replies = new ArrayList<>();
    long sent = System.nanoTime();
    for (int i = 0; i < 6; i++) {
      replies.add(worker.submit(session, FastPathOperation.GET, ("request " + i).getBytes(StandardCharsets.UTF_8),
          deadline()));
    }
    Throwable failure = catchThrowable(() -> replies.get(3).join());
    assertThat(failure).hasCauseInstanceOf(FastPathTimeoutException.class);
    assertThat(System.nanoTime() - sent).as("not before its deadline").isGreaterThanOrEqualTo(TIMEOUT.toNanos());
    for (int i = 0; i < 6; i++) {
      if (i != 3) {
        assertThat(body(replies.get(i).join())).isEqualTo("request " + i);
      }
    }
  }

  @Test
  void aReplyOfAnotherKeyOrStreamIsIgnoredAndClosingFailsWhatIsHeld() {
    server.answer = request -> StandInServer.reply(request.stream() + 1, request.sequence(), KEY, "other stream");
    ServerSession session = server.session(KEY);
    CompletableFuture<Reply> otherStream = worker.submit(session, FastPathOperation.GET, new byte[1],
        System.nanoTime() + Duration.ofMinutes(1).toNanos());
    server.answer = request -> StandInServer.reply(request.stream(), request.sequence(), new byte[32], "forged");
    CompletableFuture<Reply> forged = worker.submit(session, FastPathOperation.GET, new byte[1],
        System.nanoTime() + Duration.ofMinutes(1).toNanos());
    worker.close();
    assertThat(catchThrowable(otherStream::join)).hasCauseInstanceOf(FastPathUnavailableException.class);
    assertThat(catchThrowable(forged::join)).hasCauseInstanceOf(FastPathUnavailableException.class);
    assertThat(catchThrowable(() -> worker.submit(session, FastPathOperation.GET, new byte[1], deadline()).join()))
        .as("after close").hasCauseInstanceOf(FastPathUnavailableException.class);
  }

  private static long deadline() {
    return System.nanoTime() + TIMEOUT.toNanos();
  }

  private static String body(Reply reply) {
    return StandardCharsets.UTF_8.decode(reply.body()).toString();
  }
}
