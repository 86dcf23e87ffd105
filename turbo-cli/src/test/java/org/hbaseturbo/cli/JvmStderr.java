package org.hbaseturbo.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/** What code prints on the JVM's own stderr, which a command's run ({@code CommandLineRun}) does not capture. */
final class JvmStderr {
  private JvmStderr() {
  }

  /** Runs {@code code} with the JVM's stderr captured, and gives it back after; what was printed there. */
  static String printedBy(Runnable code) {
    PrintStream stderr = System.err;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setErr(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      code.run();
    } finally {
      System.setErr(stderr);
    }
    return printed.toString(StandardCharsets.UTF_8);
  }
}
