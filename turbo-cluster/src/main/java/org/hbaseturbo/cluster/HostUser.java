package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A user of this host, as the password database names it.
 *
 * @param uid its user id
 * @param gid its primary group's id
 * @param name its name
 */
public record HostUser(int uid, int gid, String name) {
  /**
   * The system property that names the unprivileged user that {@code cluster start}, run as root, runs its cluster as
   * (the {@code turbo} script sets it): a cluster's servers serve every user of this host, and must not be root.
   */
  public static final String CLUSTER_USER_PROPERTY = "turbo.cluster.user";

  /** The user this process runs as. */
  public static HostUser ofThisProcess() {
    com.sun.security.auth.module.UnixSystem system = new com.sun.security.auth.module.UnixSystem();
    return new HostUser((int) system.getUid(), (int) system.getGid(), System.getProperty("user.name"));
  }

  public boolean isRoot() {
    return uid == 0;
  }

  /** The user of that name, where this host has one. */
  public static Optional<HostUser> named(String name) throws IOException {
    // NAME:PASSWORD:UID:GID:..., from whichever database the host keeps users in.
    Process getent = new ProcessBuilder("getent", "passwd", name).redirectErrorStream(true).start();
    String entry = new String(getent.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    try {
      if (getent.waitFor() != 0) {
        return Optional.empty();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while looking up user " + name, e);
    }
    String[] fields = entry.split(":");
    return Optional.of(new HostUser(Integer.parseInt(fields[2]), Integer.parseInt(fields[3]), name));
  }

  /**
   * The user that this process runs clusters as, where it is root and {@value #CLUSTER_USER_PROPERTY} names a user
   * that exists; none otherwise.
   */
  public static Optional<HostUser> clusterUserOfRoot() throws IOException {
    String name = System.getProperty(CLUSTER_USER_PROPERTY);
    return name != null && ofThisProcess().isRoot() ? named(name) : Optional.empty();
  }
}
