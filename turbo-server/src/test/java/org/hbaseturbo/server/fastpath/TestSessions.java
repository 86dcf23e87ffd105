package org.hbaseturbo.server.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.security.User;
import org.junit.jupiter.api.Test;

/** The fast-path sessions a RegionServer keeps: bounded per user and in all, expiring, closed only by their user. */
class TestSessions {
  private static final Configuration CONF = new Configuration(false);
  private static final User ALICE = User.createUserForTesting(CONF, "alice", new String[0]);
  private static final User BOB = User.createUserForTesting(CONF, "bob", new String[0]);

  /** A clock the test moves. */
  private static final class TestClock extends Clock {
    private long millis = 1_000_000;

    @Override
    public long millis() {
      return millis;
    }

    @Override
    public Instant instant() {
      return Instant.ofEpochMilli(millis);
    }

    @Override
    public ZoneId getZone() {
      return ZoneId.of("UTC");
    }

    @Override
    public Clock withZone(ZoneId zone) {
      throw new UnsupportedOperationException();
    }
  }

  @Test
  void aTokenNamesItsUserUntilItExpires() throws Exception {
    TestClock clock = new TestClock();
    Sessions sessions = new Sessions(Duration.ofSeconds(10), 10, 10, clock);
    Sessions.Session session = sessions.open(ALICE);
    assertThat(session.token()).hasSize(16);
    assertThat(session.expiresAtMs()).isEqualTo(clock.millis + 10_000);
    assertThat(sessions.userOf(session.token()).getName()).isEqualTo("alice");
    assertThat(sessions.userOf(new byte[16])).as("a token never issued").isNull();
    clock.millis += 10_000;
    assertThat(sessions.userOf(session.token())).as("expired").isNull();
    assertThat(sessions.size()).as("the expired session is dropped").isZero();
  }

  @Test
  void aUserAndTheServerHoldAtMostTheirLimit() throws Exception {
    TestClock clock = new TestClock();
    Sessions sessions = new Sessions(Duration.ofSeconds(10), 3, 2, clock);
    sessions.open(ALICE);
    sessions.open(ALICE);
    assertThatThrownBy(() -> sessions.open(ALICE)).isInstanceOf(DoNotRetryIOException.class)
        .hasMessageContaining("alice holds 2").hasMessageContaining(FastPathServerConfig.MAX_SESSIONS_PER_USER_KEY);
    sessions.open(BOB);
    assertThatThrownBy(() -> sessions.open(BOB)).isInstanceOf(DoNotRetryIOException.class)
        .hasMessageContaining("holds 3").hasMessageContaining(FastPathServerConfig.MAX_SESSIONS_KEY);
    clock.millis += 10_000;
    sessions.open(BOB);
    assertThat(sessions.size()).as("expired sessions make room").isEqualTo(1);
  }

  @Test
  void onlyItsUserClosesASession() throws Exception {
    Sessions sessions = new Sessions(Duration.ofSeconds(10), 10, 1, new TestClock());
    Sessions.Session session = sessions.open(ALICE);
    assertThat(sessions.close(session.token(), BOB)).isFalse();
    assertThat(sessions.userOf(session.token())).isNotNull();
    assertThat(sessions.close(new byte[3], ALICE)).as("a malformed token").isFalse();
    assertThat(sessions.close(session.token(), ALICE)).isTrue();
    assertThat(sessions.userOf(session.token())).isNull();
    sessions.open(ALICE);
  }
}
