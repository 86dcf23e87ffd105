package org.hbaseturbo.cli;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Optional;

/** Where commands write their files unless told: under {@code turbo-out/} in the working directory. */
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
}
