package org.hbaseturbo.common;

/** Exceptions turned into the one line a user reads. */
public final class Messages {
  private Messages() {
  }

  /** The deepest cause: HBase wraps what went wrong in several layers of retries and executions. */
  public static Throwable rootCause(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root;
  }

  /** The first line of the exception's message (HBase's often go on with stack traces), or its class name. */
  public static String firstLine(Throwable e) {
    String message = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
