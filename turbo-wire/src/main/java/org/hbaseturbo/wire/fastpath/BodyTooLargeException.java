package org.hbaseturbo.wire.fastpath;

import java.io.IOException;

/** A fast-path body that would be larger than its limit, refused before it was built ({@link CellBlockBody}). */
public final class BodyTooLargeException extends IOException {
  private static final long serialVersionUID = 1L;

  private final long bytes;

  BodyTooLargeException(long bytes, long limit) {
    super("a fast-path body of " + bytes + " bytes is larger than its limit of " + limit);
    this.bytes = bytes;
  }

  /** The bytes the body would have had. */
  public long bytes() {
    return bytes;
  }
}
