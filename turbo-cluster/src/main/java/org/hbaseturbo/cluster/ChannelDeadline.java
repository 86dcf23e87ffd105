package org.hbaseturbo.cluster;

import java.io.IOException;
import java.nio.channels.Channel;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Closes a channel when a bound passes before {@link #close()}: a blocked read or write on it then ends with an
 * {@code AsynchronousCloseException}. Unix domain socket channels have no read timeout of their own (their
 * {@code socket()} adaptor, which would give {@code SO_TIMEOUT}, is not supported).
 */
final class ChannelDeadline implements AutoCloseable {
  private final Future<Void> closing;
  private volatile boolean passed;

  ChannelDeadline(Channel channel, Duration bound) {
    this.closing = CompletableFuture.runAsync(() -> {
      passed = true;
      try {
        channel.close();
      } catch (IOException e) {
        // Closed either way: a channel's close releases it even when it throws.
      }
    }, CompletableFuture.delayedExecutor(bound.toMillis(), TimeUnit.MILLISECONDS));
  }

  /** Whether the bound passed and the channel was closed for it. */
  boolean passed() {
    return passed;
  }

  @Override
  public void close() {
    closing.cancel(false);
  }
}
