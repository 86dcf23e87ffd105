package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.OptionalInt;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.jvm.FileLocks;

/**
 * A cluster's claim on its data directory, held while it runs, and what it keeps there besides HBase's files:
 * the port ZooKeeper listened on, so that a restarted cluster listens on it again and the client
 * configurations written for it stay valid.
 */
final class ClusterDataDir implements AutoCloseable {
  private static final String LOCK_FILE = "cluster.lock";
  private static final String ZOOKEEPER_PORT_FILE = "zookeeper.port";

  private final Path dir;
  private final FileChannel lockFile;
  private final FileLock lock;

  private ClusterDataDir(Path dir, FileChannel lockFile, FileLock lock) {
    this.dir = dir;
    this.lockFile = lockFile;
    this.lock = lock;
  }

  /**
   * Locks {@code dir} for this process (an operating system lock: it goes with the process, however it ends).
   *
   * @throws InvalidInputException when a running cluster holds it
   */
  static ClusterDataDir claim(Path dir) throws IOException {
    Files.createDirectories(dir);
    Path file = dir.resolve(LOCK_FILE);
    FileChannel channel = NoFollowFiles.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
        StandardOpenOption.WRITE);
    FileLock lock = FileLocks.tryLock(channel);
    if (lock == null) {
      String holder;
      try (channel) {
        ByteBuffer bytes = ByteBuffer.allocate(32);
        channel.read(bytes, 0);
        holder = new String(bytes.array(), 0, bytes.position(), StandardCharsets.UTF_8).strip();
      }
      throw new InvalidInputException("data directory " + dir + " is in use by a running cluster ("
          + (holder.isEmpty() ? "this process" : "process " + holder) + "); stop it first, or give another --data");
    }
    channel.truncate(0);
    channel.write(ByteBuffer.wrap(Long.toString(ProcessHandle.current().pid()).getBytes(StandardCharsets.UTF_8)));
    return new ClusterDataDir(dir, channel, lock);
  }

  /** Whether a running cluster holds {@code dir} (this process's included). */
  static boolean isHeld(Path dir) throws IOException {
    Path file = dir.resolve(LOCK_FILE);
    if (!Files.exists(file)) {
      return false;
    }
    try (FileChannel channel = NoFollowFiles.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
      FileLock lock = FileLocks.tryLock(channel);
      if (lock == null) {
        return true;
      }
      lock.release();
      return false;
    }
  }

  /** The port of the last ZooKeeper on this directory, if one ran. */
  OptionalInt zooKeeperPort() throws IOException {
    Path file = dir.resolve(ZOOKEEPER_PORT_FILE);
    if (!Files.exists(file)) {
      return OptionalInt.empty();
    }
    String text = NoFollowFiles.readString(file).strip();
    try {
      return OptionalInt.of(Integer.parseInt(text));
    } catch (NumberFormatException e) {
      throw new IOException(file + " holds '" + text + "'; expected ZooKeeper's port number (delete the file"
          + " to let ZooKeeper choose a new port)", e);
    }
  }

  void rememberZooKeeperPort(int port) throws IOException {
    NoFollowFiles.writeString(dir.resolve(ZOOKEEPER_PORT_FILE), Integer.toString(port));
  }

  @Override
  public void close() throws IOException {
    try {
      lock.release();
    } finally {
      lockFile.close();
    }
  }
}
