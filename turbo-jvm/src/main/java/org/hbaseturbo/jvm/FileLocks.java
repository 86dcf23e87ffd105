package org.hbaseturbo.jvm;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;

/** Operating system locks on files, which go with the process that holds them however it ends. */
public final class FileLocks {
  private FileLocks() {
  }

  /**
   * The exclusive lock on {@code channel}'s file, or null while another process holds it, or this JVM through another
   * channel. The channel is closed when taking the lock fails.
   */
  public static FileLock tryLock(FileChannel channel) throws IOException {
    try {
      return channel.tryLock();
    } catch (OverlappingFileLockException e) {
      return null;
    } catch (IOException | RuntimeException e) {
      channel.close();
      throw e;
    }
  }
}
