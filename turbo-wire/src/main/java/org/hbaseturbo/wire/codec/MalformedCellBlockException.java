package org.hbaseturbo.wire.codec;

import org.apache.hadoop.hbase.DoNotRetryIOException;

/**
 * A cellblock that {@link CompactCellCodec} cannot decode: truncated, corrupt, larger than the decoding limit, or
 * written by another codec. Retrying would send the same bytes again, so the call fails at once.
 */
public final class MalformedCellBlockException extends DoNotRetryIOException {
  private static final long serialVersionUID = 1L;

  public MalformedCellBlockException(String message) {
    super(message);
  }
}
