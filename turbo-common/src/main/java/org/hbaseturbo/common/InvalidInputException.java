package org.hbaseturbo.common;

/**
 * Input that a user gave and that cannot be used: an unknown workload, property or table, a configuration
 * directory without {@code hbase-site.xml}, an unreachable cluster. The message is one line meant for that
 * user: it names the wrong value and what was expected. Nothing has been modified when it is thrown.
 */
public class InvalidInputException extends RuntimeException {
  public InvalidInputException(String message) {
    super(message);
  }

  public InvalidInputException(String message, Throwable cause) {
    super(message, cause);
  }
}
