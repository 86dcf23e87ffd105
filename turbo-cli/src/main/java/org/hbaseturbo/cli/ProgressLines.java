package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.util.function.Consumer;

/** Progress of long work, for a user watching: each line printed at once. */
final class ProgressLines {
  private ProgressLines() {
  }

  /** Prints each line to {@code out}, after {@code indent}, and flushes. */
  static Consumer<String> to(PrintWriter out, String indent) {
    return line -> {
      out.println(indent + line);
      out.flush();
    };
  }

  static Consumer<String> to(PrintWriter out) {
    return to(out, "");
  }
}
