package org.hbaseturbo.server.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.security.User;
import org.hbaseturbo.server.fastpath.ServerCounters.Refusal;
import org.hbaseturbo.server.metrics.TestingMetrics;
import org.hbaseturbo.server.metrics.TestingMetrics.Figures;
import org.hbaseturbo.wire.fastpath.SessionKeys;
import org.junit.jupiter.api.Test;

/** The fast path's source reads the server's own counters: what they count, it shows, by name. */
class TestFastPathMetrics {
  private static final String SOURCE = FastPathMetrics.NAME;

  @Test
  void showsWhatTheCountersCountAndGoesWithTheServer() throws Exception {
    FastPathServer server = new FastPathServer();
    server.track(ServerName.valueOf("rs.example", 16020, 1L));
    try {
      Figures before = TestingMetrics.require(SOURCE);
      ServerCounters counters = server.counters();
      counters.executed.add(3);
      counters.bytesReceived.add(100);
      counters.bytesSent.add(250);
      counters.replyTooLarge.increment();
      counters.requestFailed.add(2);
      counters.unanswered.increment();
      counters.workersReplaced.increment();
      counters.sessionsNotAllowed.add(7);
      int i = 0;
      for (Refusal refusal : Refusal.values()) {
        for (int n = 0; n <= i; n++) {
          counters.refused(refusal);
        }
        i++;
      }
      Figures after = TestingMetrics.require(SOURCE);
      assertThat(after.get("executed") - before.get("executed")).isEqualTo(3);
      assertThat(after.get("bytesReceived") - before.get("bytesReceived")).isEqualTo(100);
      assertThat(after.get("bytesSent") - before.get("bytesSent")).isEqualTo(250);
      assertThat(after.get("fallbackReplyTooLarge") - before.get("fallbackReplyTooLarge")).isEqualTo(1);
      assertThat(after.get("fallbackRequestFailed") - before.get("fallbackRequestFailed")).isEqualTo(2);
      assertThat(after.get("unanswered") - before.get("unanswered")).isEqualTo(1);
      assertThat(after.get("workersReplaced") - before.get("workersReplaced")).isEqualTo(1);
      assertThat(after.get("sessionsNotAllowed") - before.get("sessionsNotAllowed")).isEqualTo(7);
      // Each reason its own count (1, 2, 3, ...), so that two reasons swapped show.
      assertThat(after.get("refusedMalformed") - before.get("refusedMalformed")).isEqualTo(1);
      assertThat(after.get("refusedNoSession") - before.get("refusedNoSession")).isEqualTo(2);
      assertThat(after.get("refusedNotSigned") - before.get("refusedNotSigned")).isEqualTo(3);
      assertThat(after.get("refusedReplayed") - before.get("refusedReplayed")).isEqualTo(4);
      assertThat(after.get("droppedExpired") - before.get("droppedExpired")).isEqualTo(5);
      assertThat(after.get("refusedNotSure") - before.get("refusedNotSure")).isEqualTo(6);
      assertThat(after.get("loaded")).isEqualTo(1);
      assertThat(after.get("up")).isEqualTo(1);
      assertThat(after.tags()).containsEntry("unavailable", "");
    } finally {
      server.untrack();
    }
    assertThat(TestingMetrics.read(SOURCE)).as("the last fast path of the JVM stopped").isEmpty();
    assertThat(TestingMetrics.inJmx(SOURCE)).isFalse();
  }

  @Test
  void showsSessionsAndWhyTheFastPathIsOff() throws Exception {
    FastPathServer server = new FastPathServer();
    server.track(ServerName.valueOf("rs.example", 16021, 1L));
    try {
      server.turnOff("no \"UCX\" here\nsecond line");
      Figures off = TestingMetrics.require(SOURCE);
      assertThat(off.get("up")).isZero();
      assertThat(off.get("loaded")).isEqualTo(1);
      assertThat(off.tags()).containsEntry("unavailable", "no UCX here second line");
    } finally {
      server.untrack();
      server.untrack(); // a stop after a stop: nothing more to give back
    }
    assertThat(TestingMetrics.read(SOURCE)).isEmpty();
  }

  @Test
  void countsSessionsOpenAndOpened() throws Exception {
    Sessions sessions = new Sessions(() -> new Sessions.Limits(Duration.ofHours(1), 10, 10), Clock.systemUTC());
    User user = User.createUserForTesting(new org.apache.hadoop.conf.Configuration(false), "alice", new String[0]);
    sessions.open(user, null, SessionKeys.encoded(SessionKeys.newKeyPair()));
    Sessions.Issued second = sessions.open(user, null, SessionKeys.encoded(SessionKeys.newKeyPair()));
    sessions.close(second.session().id(), user);
    assertThat(sessions.size()).isEqualTo(1);
    assertThat(sessions.opened()).isEqualTo(2);
  }
}
