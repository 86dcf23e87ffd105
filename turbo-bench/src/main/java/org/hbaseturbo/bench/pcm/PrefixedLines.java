package org.hbaseturbo.bench.pcm;

import java.io.PrintWriter;
import java.io.Writer;

/**
 * A writer that hands each whole line to a shared one behind a prefix: the lines of runs made at once, told apart
 * and never cut into each other. A line is passed on when it ends, whether or not it is flushed.
 */
final class PrefixedLines extends Writer {
  private final PrintWriter shared;
  private final String prefix;
  private final StringBuilder line = new StringBuilder();

  PrefixedLines(PrintWriter shared, String prefix) {
    this.shared = shared;
    this.prefix = prefix;
  }

  @Override
  public synchronized void write(char[] chars, int offset, int length) {
    for (int i = offset; i < offset + length; i++) {
      char c = chars[i];
      if (c == '\n') {
        passOn();
      } else if (c != '\r') {
        line.append(c);
      }
    }
  }

  private void passOn() {
    // One call: PrintWriter.println(String) holds the shared writer's lock for the whole line.
    shared.println(prefix + line);
    shared.flush();
    line.setLength(0);
  }

  /** A line under way stays until its end: the shared writer takes whole lines only. */
  @Override
  public void flush() {
  }

  /** Passes on a last line that did not end; the shared writer stays open. */
  @Override
  public synchronized void close() {
    if (!line.isEmpty()) {
      passOn();
    }
  }
}
