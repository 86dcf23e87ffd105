package org.hbaseturbo.cli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** One in-process run of the turbo command line, with what it printed. */
record CommandLineRun(int exitCode, String out, String err) {
  static CommandLineRun of(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int exit = TurboMain.execute(args, new PrintWriter(out, true), new PrintWriter(err, true));
    return new CommandLineRun(exit, out.toString(), err.toString());
  }
}
