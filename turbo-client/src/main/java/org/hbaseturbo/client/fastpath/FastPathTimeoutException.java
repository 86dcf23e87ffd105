package org.hbaseturbo.client.fastpath;

import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;

/**
 * No reply came within the caller's deadline, over an endpoint that did not fail: the server is slow, not gone. The
 * session and endpoint stay; the request may still be queued there, and the server drops it past its deadline.
 */
final class FastPathTimeoutException extends FastPathUnavailableException {
  private static final long serialVersionUID = 1L;

  private FastPathTimeoutException(String message) {
    super(message);
  }

  /** No reply that counts came by the request's deadline. */
  static FastPathTimeoutException noReplyInTime() {
    return new FastPathTimeoutException("no fast-path reply within the timeout (" + FastPathClientConfig.TIMEOUT_KEY
        + ")");
  }
}
