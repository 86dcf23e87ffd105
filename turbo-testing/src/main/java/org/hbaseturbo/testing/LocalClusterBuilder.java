package org.hbaseturbo.testing;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;

/**
 * The options both kinds of local cluster take, and their start: the data directory claimed for the cluster's
 * life, and a temporary one deleted again when the start fails.
 *
 * @param <B> the builder
 * @param <C> the cluster it starts
 */
public abstract class LocalClusterBuilder<B extends LocalClusterBuilder<B, C>, C extends LocalCluster> {
  int regionServers = 2;
  private Optional<Path> dataDir = Optional.empty();
  final Configuration overrides = new Configuration(false);

  LocalClusterBuilder() {
  }

  public B regionServers(int count) {
    if (count < 1) {
      throw new IllegalArgumentException("regionServers must be at least 1, was " + count);
    }
    this.regionServers = count;
    return self();
  }

  /** Keep the data in {@code dir} (created if missing) instead of a temporary directory. */
  public B dataDir(Path dir) {
    this.dataDir = Optional.of(requireNonNull(dir, "dir is null"));
    return self();
  }

  /** An HBase setting for every server of the cluster. */
  public B set(String key, String value) {
    overrides.set(key, value);
    return self();
  }

  /** Starts the cluster; returns once it serves requests. */
  public C start() throws IOException {
    checkBeforeStart();
    boolean temporary = dataDir.isEmpty();
    Path dir = temporary ? Files.createTempDirectory("turbo-hbase-") : dataDir.get().toAbsolutePath();
    ClusterDataDir claim = ClusterDataDir.claim(dir);
    try {
      return start(dir, temporary, claim);
    } catch (IOException | RuntimeException e) {
      claim.close();
      if (temporary) {
        FileTrees.deleteRecursively(dir);
      }
      throw e;
    }
  }

  /** Refuses, before anything is created, what the options cannot give. */
  void checkBeforeStart() {
  }

  /** Starts the servers on {@code dir}, which {@code claim} holds; they stop again if this fails. */
  abstract C start(Path dir, boolean temporary, ClusterDataDir claim) throws IOException;

  abstract B self();
}
