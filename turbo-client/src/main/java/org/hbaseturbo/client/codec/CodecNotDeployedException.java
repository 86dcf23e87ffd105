package org.hbaseturbo.client.codec;

import org.apache.hadoop.hbase.DoNotRetryIOException;

/** Servers of the cluster cannot load the cellblock codec the client is configured with. */
public final class CodecNotDeployedException extends DoNotRetryIOException {
  private static final long serialVersionUID = 1L;

  public CodecNotDeployedException(String message) {
    super(message);
  }
}
