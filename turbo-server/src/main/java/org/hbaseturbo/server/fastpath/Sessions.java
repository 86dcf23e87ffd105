package org.hbaseturbo.server.fastpath;

import java.nio.ByteBuffer;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.hbaseturbo.wire.fastpath.FastPathFrames;

/**
 * The fast-path sessions one RegionServer issued: each a random token bound to the user HBase's RPC
 * authenticated when the session was opened, with an expiry. Bounded in all and per user; expired sessions go
 * when the next session is opened, and a client closes its own when its connection closes.
 */
final class Sessions {
  /** A token as a map key: 16 bytes as two longs. */
  private record Token(long high, long low) {
    static Token of(byte[] bytes) {
      ByteBuffer in = ByteBuffer.wrap(bytes);
      return new Token(in.getLong(), in.getLong());
    }
  }

  /** An open session. */
  record Session(byte[] token, User user, long expiresAtMs) {
  }

  private final SecureRandom random = new SecureRandom();
  private final Map<Token, Session> sessions = new HashMap<>();
  private final Map<String, Integer> perUser = new HashMap<>();
  private final Duration lifetime;
  private final long maxSessions;
  private final long maxPerUser;
  private final Clock clock;

  Sessions(Duration lifetime, long maxSessions, long maxPerUser, Clock clock) {
    this.lifetime = lifetime;
    this.maxSessions = maxSessions;
    this.maxPerUser = maxPerUser;
    this.clock = clock;
  }

  /** @throws DoNotRetryIOException naming the limit when the user or the server holds as many as allowed */
  synchronized Session open(User user) throws DoNotRetryIOException {
    long now = clock.millis();
    dropExpired(now);
    int ofUser = perUser.getOrDefault(user.getName(), 0);
    if (ofUser >= maxPerUser) {
      throw new DoNotRetryIOException("user " + user.getName() + " holds " + ofUser + " fast-path sessions on this"
          + " RegionServer, the most " + FastPathServerConfig.MAX_SESSIONS_PER_USER_KEY + " allows; close"
          + " connections that are no longer used");
    }
    if (sessions.size() >= maxSessions) {
      throw new DoNotRetryIOException("this RegionServer holds " + sessions.size() + " fast-path sessions, the most "
          + FastPathServerConfig.MAX_SESSIONS_KEY + " allows");
    }
    byte[] token = new byte[FastPathFrames.TOKEN_BYTES];
    Token key;
    do {
      random.nextBytes(token);
      key = Token.of(token);
    } while (sessions.containsKey(key));
    Session session = new Session(token.clone(), user, now + lifetime.toMillis());
    sessions.put(key, session);
    perUser.merge(user.getName(), 1, Integer::sum);
    return session;
  }

  /** @return the user of a valid token, null when the token is unknown or expired */
  synchronized User userOf(byte[] token) {
    Token key = Token.of(token);
    Session session = sessions.get(key);
    if (session == null) {
      return null;
    }
    if (session.expiresAtMs() <= clock.millis()) {
      remove(key, session);
      return null;
    }
    return session.user();
  }

  /** Closes a session of {@code caller}'s; another user's token is left alone. @return whether one was closed */
  synchronized boolean close(byte[] token, User caller) {
    if (token.length != FastPathFrames.TOKEN_BYTES) {
      return false;
    }
    Token key = Token.of(token);
    Session session = sessions.get(key);
    if (session == null || !session.user().getName().equals(caller.getName())) {
      return false;
    }
    remove(key, session);
    return true;
  }

  synchronized int size() {
    return sessions.size();
  }

  private void dropExpired(long now) {
    sessions.values().removeIf(session -> session.expiresAtMs() <= now && uncounted(session));
  }

  private void remove(Token key, Session session) {
    sessions.remove(key);
    uncounted(session);
  }

  /** Takes the session off its user's count. @return true, for {@code removeIf} */
  private boolean uncounted(Session session) {
    perUser.computeIfPresent(session.user().getName(), (name, count) -> count == 1 ? null : count - 1);
    return true;
  }
}
