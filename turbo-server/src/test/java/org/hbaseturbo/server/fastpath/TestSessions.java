package org.hbaseturbo.server.fastpath;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.security.User;
import org.hbaseturbo.wire.fastpath.FrameMac;
import org.hbaseturbo.wire.fastpath.SessionKeys;
import org.junit.jupiter.api.Test;

/**
 * The fast-path sessions a RegionServer keeps: keyed by an exchange only client and server can complete, bounded per
 * user and in all, expiring, closed only by their user, each stream running only rising sequences.
 */
class TestSessions {
  private static final Configuration CONF = new Configuration(false);
  private static final User ALICE = User.createUserForTesting(CONF, "alice", new String[0]);
  private static final User BOB = User.createUserForTesting(CONF, "bob", new String[0]);
  private static final User CAROL = User.createUserForTesting(CONF, "carol", new String[0]);

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

  private static final byte[] CLIENT_KEY = SessionKeys.encoded(SessionKeys.newKeyPair());

  @Test
  void aSessionNamesItsUserAndKeyUntilItExpires() throws Exception {
    TestClock clock = new TestClock();
    Sessions sessions = new Sessions(() -> new Sessions.Limits(Duration.ofSeconds(10), 10, 10), clock);
    KeyPair client = SessionKeys.newKeyPair();
    Sessions.Issued issued = sessions.open(ALICE, null, SessionKeys.encoded(client));
    Sessions.Session session = issued.session();
    assertThat(session.id()).hasSize(16);
    assertThat(session.expiresAtMs()).isEqualTo(clock.millis + 10_000);
    assertThat(sessions.find(session.id()).user().getName()).isEqualTo("alice");
    assertThat(sessions.find(new byte[16])).as("an id never issued").isNull();
    // The client derives the same key from the server's public half: a frame it signs, the session verifies.
    byte[] key = SessionKeys.sessionKey(client.getPrivate(), issued.serverPublicKey(), SessionKeys.encoded(client),
        issued.serverPublicKey(), session.id());
    ByteBuffer frame = ByteBuffer.allocate(64);
    new FrameMac(key).sign(frame, 8);
    assertThat(session.mac().verify(frame, 8)).isTrue();
    clock.millis += 10_000;
    assertThat(sessions.find(session.id())).as("expired").isNull();
    assertThat(sessions.size()).as("the expired session is dropped").isZero();
  }

  @Test
  void aClientWithoutAValidPublicKeyGetsNoSession() {
    Sessions sessions = new Sessions(() -> new Sessions.Limits(Duration.ofSeconds(10), 10, 10), new TestClock());
    assertThatThrownBy(() -> sessions.open(ALICE, null, new byte[0])).isInstanceOf(DoNotRetryIOException.class)
        .hasMessageContaining("no public key");
    assertThatThrownBy(() -> sessions.open(ALICE, null, new byte[44])).isInstanceOf(DoNotRetryIOException.class)
        .hasMessageContaining("not an X25519 key");
    assertThat(sessions.size()).isZero();
  }

  @Test
  void eachStreamRunsOnlyRisingSequences() throws Exception {
    Sessions.Session session = new Sessions(() -> new Sessions.Limits(Duration.ofSeconds(10), 10, 10),
        new TestClock())
        .open(ALICE, null, CLIENT_KEY).session();
    assertThat(session.advance(0, 1)).isTrue();
    assertThat(session.advance(0, 1)).as("the same request again").isFalse();
    assertThat(session.advance(0, 5)).as("a gap: requests the server never got").isTrue();
    assertThat(session.advance(0, 3)).as("an earlier one, late").isFalse();
    assertThat(session.advance(1, 1)).as("another stream counts on its own").isTrue();
    assertThat(session.advance(Sessions.MAX_STREAMS, 1)).as("a stream no client has").isFalse();
    assertThat(session.advance(-1, 1)).isFalse();
  }

  @Test
  void aUserAndTheServerHoldAtMostTheirLimit() throws Exception {
    TestClock clock = new TestClock();
    Sessions sessions = new Sessions(() -> new Sessions.Limits(Duration.ofSeconds(10), 3, 2), clock);
    sessions.open(ALICE, null, CLIENT_KEY);
    sessions.open(ALICE, null, CLIENT_KEY);
    assertThatThrownBy(() -> sessions.open(ALICE, null, CLIENT_KEY)).isInstanceOf(DoNotRetryIOException.class)
        .hasMessageContaining("alice holds 2").hasMessageContaining(FastPathServerConfig.MAX_SESSIONS_PER_USER_KEY);
    sessions.open(BOB, null, CLIENT_KEY);
    assertThatThrownBy(() -> sessions.open(BOB, null, CLIENT_KEY)).isInstanceOf(DoNotRetryIOException.class)
        .hasMessageContaining("holds 3").hasMessageContaining(FastPathServerConfig.MAX_SESSIONS_KEY);
    clock.millis += 10_000;
    sessions.open(BOB, null, CLIENT_KEY);
    assertThat(sessions.size()).as("expired sessions make room").isEqualTo(1);
  }

  @Test
  void whoeverComesFirstLeavesRoomForOthers() throws Exception {
    Sessions sessions = new Sessions(() -> new Sessions.Limits(Duration.ofSeconds(10), 8, 8), new TestClock());
    for (int i = 0; i < 4; i++) {
      sessions.open(ALICE, null, CLIENT_KEY);
    }
    assertThatThrownBy(() -> sessions.open(ALICE, null, CLIENT_KEY)).isInstanceOf(DoNotRetryIOException.class)
        .hasMessageContaining("alice holds 4").hasMessageContaining("the other users hold 0 of this RegionServer's 8"
            + " (" + FastPathServerConfig.MAX_SESSIONS_KEY + ")");
    sessions.open(BOB, null, CLIENT_KEY);
    sessions.open(BOB, null, CLIENT_KEY);
    assertThatThrownBy(() -> sessions.open(BOB, null, CLIENT_KEY)).hasMessageContaining("at most half");
    sessions.open(CAROL, null, CLIENT_KEY);
    assertThat(sessions.size()).as("two sessions still free").isEqualTo(7);
  }

  @Test
  void onlyItsUserClosesASession() throws Exception {
    Sessions sessions = new Sessions(() -> new Sessions.Limits(Duration.ofSeconds(10), 10, 1), new TestClock());
    Sessions.Session session = sessions.open(ALICE, null, CLIENT_KEY).session();
    assertThat(sessions.close(session.id(), BOB)).isFalse();
    assertThat(sessions.find(session.id())).isNotNull();
    assertThat(sessions.close(new byte[3], ALICE)).as("a malformed id").isFalse();
    assertThat(sessions.close(session.id(), ALICE)).isTrue();
    assertThat(sessions.find(session.id())).isNull();
    sessions.open(ALICE, null, CLIENT_KEY);
  }
}
