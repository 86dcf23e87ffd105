package org.hbaseturbo.cluster;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.OpenOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.apache.hadoop.conf.Configuration;

/**
 * The files a launcher writes in a cluster's directories (its lock, ports, site files, logs), written without
 * following a symbolic link: a link in a file's place is replaced or refused, never written through, which as root
 * would overwrite whatever file the link names.
 */
public final class NoFollowFiles {
  private NoFollowFiles() {
  }

  /**
   * Writes {@code bytes} to {@code file} whole or not at all, mode 644: into a new file of a name of its own beside
   * it, then renamed over it. The new file is created only where nothing is, and the rename replaces a link in its
   * place rather than follows it; a reader sees the old content or the new.
   */
  public static void write(Path file, byte[] bytes) throws IOException {
    Path written = file.resolveSibling("." + file.getFileName() + "." + UUID.randomUUID() + ".tmp");
    try {
      try (FileChannel out = FileChannel.open(written, Set.of(StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
          LinkOption.NOFOLLOW_LINKS), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
              "rw-r--r--")))) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
          out.write(buffer);
        }
      }
      Files.move(written, file, StandardCopyOption.ATOMIC_MOVE);
    } finally {
      Files.deleteIfExists(written);
    }
  }

  public static void writeString(Path file, String text) throws IOException {
    write(file, text.getBytes(StandardCharsets.UTF_8));
  }

  /** Writes {@code settings} to {@code file} as Hadoop configuration XML, as {@link #write} writes. */
  public static void writeXml(Path file, Configuration settings) throws IOException {
    ByteArrayOutputStream xml = new ByteArrayOutputStream();
    settings.writeXml(xml);
    write(file, xml.toByteArray());
  }

  /** What {@code file} holds; a link in its place is refused, not followed. */
  static String readString(Path file) throws IOException {
    try (FileChannel in = open(file, StandardOpenOption.READ)) {
      ByteBuffer bytes = ByteBuffer.allocate(Math.toIntExact(in.size()));
      while (bytes.hasRemaining() && in.read(bytes) >= 0) {
        // Reads until full or at the end.
      }
      return new String(bytes.array(), 0, bytes.position(), StandardCharsets.UTF_8);
    }
  }

  /**
   * Makes {@code file} an existing regular file, empty where it was missing, for a writer that opens it by its name
   * and would follow a link (a child process's output redirect, log4j's appender).
   *
   * @throws IOException naming the link, where one is in its place
   */
  public static void requireFile(Path file) throws IOException {
    open(file, StandardOpenOption.CREATE, StandardOpenOption.APPEND).close();
  }

  /**
   * Opens {@code file} with {@code options}, refusing a link in its place.
   *
   * @throws IOException naming the link, where one is in its place
   */
  static FileChannel open(Path file, OpenOption... options) throws IOException {
    Set<OpenOption> opening = new HashSet<>(List.of(options));
    opening.add(LinkOption.NOFOLLOW_LINKS);
    try {
      return FileChannel.open(file, opening);
    } catch (IOException e) {
      // ELOOP, which Java reports without the file's name.
      if (Files.isSymbolicLink(file)) {
        throw new IOException(file + " is a symbolic link, to " + Files.readSymbolicLink(file) + ", which is not"
            + " followed: it must be a file of its own (remove the link)", e);
      }
      throw e;
    }
  }
}
