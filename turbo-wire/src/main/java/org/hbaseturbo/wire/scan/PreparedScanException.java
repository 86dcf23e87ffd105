package org.hbaseturbo.wire.scan;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.hadoop.hbase.DoNotRetryIOException;

/**
 * A prepared scan request that cannot succeed as made: retrying it would fail the same way. The
 * RegionServer raises it with its code in the message ({@link #wireMessage}), the client turns the remote
 * exception back into this type ({@link #fromRemote}).
 */
public class PreparedScanException extends DoNotRetryIOException {
  private static final long serialVersionUID = 1L;
  private static final String PREFIX = "PreparedScan.";
  private static final Pattern WIRE = Pattern.compile(Pattern.quote(PREFIX) + "([A-Z_]+): (.*)");

  private final PreparedScanError error;

  public PreparedScanException(PreparedScanError error, String message) {
    super(message);
    this.error = error;
  }

  public PreparedScanException(PreparedScanError error, String message, Throwable cause) {
    super(message, cause);
    this.error = error;
  }

  public PreparedScanError error() {
    return error;
  }

  /** The message a RegionServer sends: the code, then the text. */
  public static String wireMessage(PreparedScanError error, String message) {
    return PREFIX + error.name() + ": " + message;
  }

  /** The typed error a remote exception carries, if any, anywhere in its causes; otherwise null. */
  public static PreparedScanException fromRemote(Throwable remote) {
    for (Throwable t = remote; t != null; t = t.getCause()) {
      if (t instanceof PreparedScanException typed) {
        return typed;
      }
      String message = t.getMessage();
      int start = message == null ? -1 : message.indexOf(PREFIX);
      if (start >= 0) {
        Matcher matcher = WIRE.matcher(message.substring(start));
        if (matcher.lookingAt()) {
          try {
            PreparedScanError error = PreparedScanError.valueOf(matcher.group(1));
            return new PreparedScanException(error, matcher.group(2), remote);
          } catch (IllegalArgumentException unknownCode) {
            return null;
          }
        }
      }
    }
    return null;
  }
}
