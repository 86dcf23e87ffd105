package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.channels.Channels;
import java.nio.channels.SeekableByteChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What one start of a server wrote to a log file that every start appends to: read as it grows, from where the file
 * ended when the start began, for the lines that say why a start failed.
 */
final class StartLog {
  private final Path file;
  private long read;
  private String abortLine;
  private String lastError;
  private String lastLine;

  private StartLog(Path file, long read) {
    this.file = file;
    this.read = read;
  }

  /** What will be written to {@code file} from now on. */
  static StartLog from(Path file) throws IOException {
    return new StartLog(file, Files.exists(file) ? Files.size(file) : 0);
  }

  Path file() {
    return file;
  }

  /** Its first ABORTING line, quoted ({@link AbortLines#quote}), once there is one. */
  Optional<String> abortLine() throws IOException {
    readNewLines();
    return Optional.ofNullable(abortLine);
  }

  /** Its last line logged at ERROR or FATAL, if any. */
  Optional<String> lastError() throws IOException {
    readNewLines();
    return Optional.ofNullable(lastError);
  }

  /** Its last line that is not blank, if any: a JVM's own error, for its standard error. */
  Optional<String> lastLine() throws IOException {
    readNewLines();
    return Optional.ofNullable(lastLine);
  }

  /** Reads the whole lines written since the last read; a line being written waits for the next. */
  private void readNewLines() throws IOException {
    if (!Files.exists(file)) {
      return;
    }
    byte[] bytes;
    try (SeekableByteChannel channel = Files.newByteChannel(file)) {
      channel.position(read);
      bytes = Channels.newInputStream(channel).readAllBytes();
    }
    int end = bytes.length;
    while (end > 0 && bytes[end - 1] != '\n') {
      end--;
    }
    read += end;
    for (String line : new String(bytes, 0, end, StandardCharsets.UTF_8).split("\n")) {
      if (abortLine == null) {
        abortLine = AbortLines.quote(line).orElse(null);
      }
      if (line.contains(" ERROR ") || line.contains(" FATAL ")) {
        lastError = line;
      }
      if (!line.isBlank()) {
        lastLine = line;
      }
    }
  }
}
