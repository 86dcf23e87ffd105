package org.hbaseturbo.server.fastpath;

import java.security.AccessController;
import java.security.PrivilegedAction;
import javax.security.auth.Subject;
import org.apache.hadoop.hbase.security.User;

/**
 * The user a fast-path request runs as, with the JAAS {@link Subject} under which it runs ({@link InProcessCall#as}).
 *
 * <p>{@link User#runAs} (Hadoop's {@code UserGroupInformation.doAs}, then {@link Subject#doAs}) asks for the calling
 * thread's access-control context on every call, a walk of the thread's stack that nothing reads without a
 * SecurityManager: 6.03 us a call on a 2-core host, where {@link Subject#doAsPrivileged} with the same Subject took
 * 0.054 us (medians, results/fastpath/caller-subject-2026-12-07), and the profile of reads at 4 clients had put 8.1 us
 * of a read's 198 under it.
 * The Subject is taken once, when the caller is made (a session when it opens): code that asks
 * {@code User.getCurrent()} during a request sees the same Subject, so the same user and groups, as under runAs.
 */
public final class Caller {
  private final User user;
  private final Subject subject;

  private Caller(User user, Subject subject) {
    this.user = user;
    this.subject = subject;
  }

  /** @throws IllegalArgumentException when the user has no Subject, which no user of Hadoop's security lacks */
  // removal: Hadoop keeps a user's Subject to itself; inside its doAs, its own getCurrentUser reads it so.
  @SuppressWarnings("removal")
  public static Caller of(User user) {
    Subject subject = user.getUGI().doAs((PrivilegedAction<Subject>) () ->
        Subject.getSubject(AccessController.getContext()));
    if (subject == null) {
      throw new IllegalArgumentException("user " + user.getName() + " runs under no Subject");
    }
    return new Caller(user, subject);
  }

  public User user() {
    return user;
  }

  Subject subject() {
    return subject;
  }
}
