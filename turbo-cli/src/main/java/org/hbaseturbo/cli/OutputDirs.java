package org.hbaseturbo.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import org.hbaseturbo.common.InvalidInputException;

/**
 * Where commands write their files unless told: under {@code turbo-out/} in the working directory; and the
 * check, before a command starts anything, that it will be able to write where it was told.
 */
final class OutputDirs {
  private static final Path ROOT = Path.of("turbo-out");

  private OutputDirs() {
  }

  /** {@code given}, or {@code turbo-out/<name>-<date>-<time>}; absolute. */
  static Path orTimestamped(Optional<Path> given, String name) {
    return given.orElseGet(() -> ROOT.resolve(name + "-"
        + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")))).toAbsolutePath();
  }

  /** {@code turbo-out/<name>}; absolute. */
  static Path of(String name) {
    return ROOT.resolve(name).toAbsolutePath();
  }

  /**
   * Creates nothing; a report written at the end of a long run must not be the first to find out.
   *
   * @param what how the user gave the path ("--out", "output directory"), for the message
   * @throws InvalidInputException when {@code dir} is a file, or neither is nor can be made a directory that
   *     this process can write in
   */
  static void requireWritableDirectory(Path dir, String what) {
    Path absolute = dir.toAbsolutePath().normalize();
    if (Files.exists(absolute)) {
      if (!Files.isDirectory(absolute)) {
        throw new InvalidInputException(what + " '" + dir + "' is a file; expected a directory");
      }
      if (!Files.isWritable(absolute)) {
        throw new InvalidInputException(what + " '" + dir + "' is not writable");
      }
      return;
    }
    requireCreatable(absolute, dir, what);
  }

  /** As {@link #requireWritableDirectory}, for a file that the command writes or overwrites. */
  static void requireWritableFile(Path file, String what) {
    Path absolute = file.toAbsolutePath().normalize();
    if (Files.isDirectory(absolute)) {
      throw new InvalidInputException(what + " '" + file + "' is a directory; expected a file");
    }
    if (Files.exists(absolute)) {
      if (!Files.isWritable(absolute)) {
        throw new InvalidInputException(what + " '" + file + "' is not writable");
      }
      return;
    }
    requireCreatable(absolute, file, what);
  }

  /** The nearest existing ancestor must be a directory we can write in: the rest are created as they are. */
  private static void requireCreatable(Path absolute, Path given, String what) {
    Path ancestor = absolute.getParent();
    while (ancestor != null && !Files.exists(ancestor)) {
      ancestor = ancestor.getParent();
    }
    if (ancestor == null) {
      throw new InvalidInputException(what + " '" + given + "' cannot be created: no part of its path exists");
    }
    if (!Files.isDirectory(ancestor)) {
      throw new InvalidInputException(what + " '" + given + "' cannot be created: '" + ancestor + "' is a file, not"
          + " a directory");
    }
    if (!Files.isWritable(ancestor)) {
      throw new InvalidInputException(what + " '" + given + "' cannot be created: '" + ancestor + "' is not"
          + " writable");
    }
  }
}
