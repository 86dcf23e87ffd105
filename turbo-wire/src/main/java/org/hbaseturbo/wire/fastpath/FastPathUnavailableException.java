package org.hbaseturbo.wire.fastpath;

import java.io.IOException;

/** The fast-path channel cannot be used (no native UCX, refused settings, unreachable peer); RPC still can. */
public class FastPathUnavailableException extends IOException {
  /** The fix for a host without the native UCX, as messages name it. */
  public static final String INSTALL_UCX = "apt-get install libucx0";
  private static final long serialVersionUID = 1L;

  public FastPathUnavailableException(String message) {
    super(message);
  }

  public FastPathUnavailableException(String message, Throwable cause) {
    super(message, cause);
  }
}
