package org.hbaseturbo.testing.codec;

import java.util.concurrent.atomic.AtomicInteger;
import org.hbaseturbo.wire.codec.CompactCellCodec;

/**
 * The compact codec as a server without the deploy jar sees it: clients load it, servers cannot. The embedded
 * cluster shares this JVM's classpath, so the constructor fails where HBase's RPC server instantiates the codec
 * of a new connection: on the server's event-loop threads ({@code RS-EventLoopGroup-*}, masters' too).
 */
public final class RefusedOnServerCodec extends CompactCellCodec {
  static final AtomicInteger SERVER_ATTEMPTS = new AtomicInteger();

  public RefusedOnServerCodec() {
    if (Thread.currentThread().getName().startsWith("RS-EventLoopGroup")) {
      SERVER_ATTEMPTS.incrementAndGet();
      throw new IllegalStateException("not deployed on this server");
    }
  }
}
