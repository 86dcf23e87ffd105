package org.hbaseturbo.testing.codec;

import java.io.OutputStream;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hbase.nio.ByteBuff;
import org.hbaseturbo.wire.codec.CompactCellCodec;

/**
 * The compact codec, counting what the servers of this JVM decode and what the servers and the client encode, to
 * show that a test's calls went through it. Top-level: HBase's client names the codec by its canonical name, which
 * for a nested class the server cannot load.
 */
public final class CountingCompactCellCodec extends CompactCellCodec {
  static final AtomicInteger SERVER_DECODERS = new AtomicInteger();
  static final AtomicInteger ENCODERS = new AtomicInteger();

  @Override
  public Decoder getDecoder(ByteBuff buf) {
    SERVER_DECODERS.incrementAndGet();
    return super.getDecoder(buf);
  }

  @Override
  public Encoder getEncoder(OutputStream os) {
    ENCODERS.incrementAndGet();
    return super.getEncoder(os);
  }
}
