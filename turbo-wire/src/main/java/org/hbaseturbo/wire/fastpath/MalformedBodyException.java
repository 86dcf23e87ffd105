package org.hbaseturbo.wire.fastpath;

import java.io.IOException;

/**
 * A fast-path body that does not hold what it says ({@link CellBlockBody}): shorter than the length of its message,
 * or, in a request, with a cell that is not a whole, well-formed Put.
 */
public final class MalformedBodyException extends IOException {
  private static final long serialVersionUID = 1L;

  MalformedBodyException(String message) {
    super(message);
  }
}
