package org.hbaseturbo.server.fastpath;

import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.DoNotRetryIOException;
import org.apache.hadoop.hbase.security.User;
import org.hbaseturbo.server.FairShare;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FrameMac;
import org.hbaseturbo.wire.fastpath.SessionKeys;

/**
 * The fast-path sessions one RegionServer issued: each a random id bound to the user HBase's RPC authenticated
 * when the session was opened, a key only that client and this server know ({@link SessionKeys}), and an expiry.
 * Bounded in all and per user, and no user takes more than their {@link FairShare} of the whole; expired sessions go
 * when the next session is opened, and a client closes its own when its connection closes.
 */
final class Sessions {
  /**
   * A client's streams: its UCX workers, each numbered by the client. Bounds what one session may make the server
   * track; clients use at most {@code turbo.fastpath.workers} (at most 1024).
   */
  static final int MAX_STREAMS = 1024;

  /** A session id as a map key: 16 bytes as two longs. */
  private record Id(long high, long low) {
    static Id of(byte[] bytes) {
      ByteBuffer in = ByteBuffer.wrap(bytes);
      return new Id(in.getLong(), in.getLong());
    }
  }

  /** An open session. */
  static final class Session {
    private final byte[] id;
    private final Caller caller;
    private final InetAddress from;
    private final long expiresAtMs;
    /** The last sequence run on each of the client's streams. */
    private final Map<Integer, AtomicLong> lastSequences = new ConcurrentHashMap<>();
    /** A mac under the session key for each server worker thread (a {@code Mac} is not thread-safe). */
    private final ThreadLocal<FrameMac> macs;

    Session(byte[] id, User user, InetAddress from, byte[] key, long expiresAtMs) {
      this.id = id;
      this.caller = Caller.of(user);
      this.from = from;
      this.expiresAtMs = expiresAtMs;
      this.macs = ThreadLocal.withInitial(() -> new FrameMac(key));
    }

    byte[] id() {
      return id.clone();
    }

    User user() {
      return caller.user();
    }

    /** Who its requests run as. */
    Caller caller() {
      return caller;
    }

    /** Where the call that opened the session came from, as HBase's RPC saw it; null when unknown. */
    InetAddress from() {
      return from;
    }

    long expiresAtMs() {
      return expiresAtMs;
    }

    /** This thread's mac under the session key. */
    FrameMac mac() {
      return macs.get();
    }

    /**
     * Takes a request's place in its stream: true when its sequence is above every earlier request's of that
     * stream, so that a request recorded and sent again is refused.
     */
    boolean advance(int stream, long sequence) {
      if (stream < 0 || stream >= MAX_STREAMS) {
        return false;
      }
      AtomicLong last = lastSequences.computeIfAbsent(stream, s -> new AtomicLong(Long.MIN_VALUE));
      long seen = last.get();
      while (sequence > seen) {
        if (last.compareAndSet(seen, sequence)) {
          return true;
        }
        seen = last.get();
      }
      return false;
    }
  }

  /**
   * What bounds the sessions, read at each open: update_config changes them for sessions opened next.
   *
   * @param lifetime how long a session is accepted after it was opened
   * @param maxSessions sessions the RegionServer keeps, all users together
   * @param maxPerUser sessions one user may keep
   */
  record Limits(Duration lifetime, long maxSessions, long maxPerUser) {
  }

  /** A new session and the server's public key for the client to derive the session key with. */
  record Issued(Session session, byte[] serverPublicKey) {
  }

  private final SecureRandom random = new SecureRandom();
  private final Map<Id, Session> sessions = new HashMap<>();
  private final Map<String, Integer> perUser = new HashMap<>();
  private final Supplier<Limits> limits;
  private final Clock clock;
  /** Guarded by this: sessions opened since the server started. */
  private long opened;

  Sessions(Supplier<Limits> limits, Clock clock) {
    this.limits = limits;
    this.clock = clock;
  }

  /** The lifetime of a session opened now. */
  Duration lifetime() {
    return limits.get().lifetime();
  }

  /**
   * @param from where the opening call came from, for audit lines; null when unknown
   * @param clientPublicKey the client's half of the key exchange, as it travelled
   * @throws DoNotRetryIOException naming the limit when the user or the server holds as many as allowed, or what is
   *     wrong with the client's key
   */
  Issued open(User user, InetAddress from, byte[] clientPublicKey) throws DoNotRetryIOException {
    if (clientPublicKey.length == 0) {
      throw new DoNotRetryIOException("the client sent no public key: a fast-path client of HBase Turbo 0.1 or"
          + " earlier; upgrade the client jar");
    }
    KeyPair ours = SessionKeys.newKeyPair();
    byte[] serverPublicKey = SessionKeys.encoded(ours);
    byte[] id = new byte[FastPathFrames.SESSION_BYTES];
    Limits limits = this.limits.get();
    synchronized (this) {
      long now = clock.millis();
      dropExpired(now);
      int ofUser = perUser.getOrDefault(user.getName(), 0);
      if (ofUser >= limits.maxPerUser()) {
        throw new DoNotRetryIOException("user " + user.getName() + " holds " + ofUser + " fast-path sessions on"
            + " this RegionServer, the most " + FastPathServerConfig.MAX_SESSIONS_PER_USER_KEY + " allows; close"
            + " connections that are no longer used");
      }
      if (sessions.size() >= limits.maxSessions()) {
        throw new DoNotRetryIOException("this RegionServer holds " + sessions.size() + " fast-path sessions, the"
            + " most " + FastPathServerConfig.MAX_SESSIONS_KEY + " allows");
      }
      if (!FairShare.allows(ofUser, 1, sessions.size(), limits.maxSessions())) {
        throw new DoNotRetryIOException("user " + user.getName() + " holds " + ofUser + " fast-path sessions on"
            + " this RegionServer; " + FairShare.refusal(ofUser, sessions.size(), limits.maxSessions(),
                FastPathServerConfig.MAX_SESSIONS_KEY) + ": close connections that are no longer used");
      }
      Id key;
      do {
        random.nextBytes(id);
        key = Id.of(id);
      } while (sessions.containsKey(key));
      byte[] sessionKey;
      try {
        sessionKey = SessionKeys.sessionKey(ours.getPrivate(), clientPublicKey, clientPublicKey, serverPublicKey, id);
      } catch (GeneralSecurityException e) {
        throw new DoNotRetryIOException("the client's public key is not an X25519 key: " + e.getMessage());
      }
      Session session = new Session(id.clone(), user, from, sessionKey, now + limits.lifetime().toMillis());
      sessions.put(key, session);
      perUser.merge(user.getName(), 1, Integer::sum);
      opened++;
      return new Issued(session, serverPublicKey);
    }
  }

  /** @return the session of a valid id, null when the id is unknown or expired */
  synchronized Session find(byte[] id) {
    Id key = Id.of(id);
    Session session = sessions.get(key);
    if (session == null) {
      return null;
    }
    if (session.expiresAtMs() <= clock.millis()) {
      remove(key, session);
      return null;
    }
    return session;
  }

  /** Closes a session of {@code caller}'s; another user's session is left alone. @return whether one was closed */
  synchronized boolean close(byte[] id, User caller) {
    if (id.length != FastPathFrames.SESSION_BYTES) {
      return false;
    }
    Id key = Id.of(id);
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

  synchronized long opened() {
    return opened;
  }

  private void dropExpired(long now) {
    sessions.values().removeIf(session -> session.expiresAtMs() <= now && uncounted(session));
  }

  private void remove(Id key, Session session) {
    sessions.remove(key);
    uncounted(session);
  }

  /** Takes the session off its user's count. @return true, for {@code removeIf} */
  private boolean uncounted(Session session) {
    perUser.computeIfPresent(session.user().getName(), (name, count) -> count == 1 ? null : count - 1);
    return true;
  }
}
