package org.hbaseturbo.server.fastpath;

import java.util.concurrent.Semaphore;

/**
 * The polling slots a server's workers share ({@link PollingSlot}), as many as {@code turbo.fastpath.server.pollers}
 * says, which update_config may change: a smaller number takes effect as polling workers give their slots back.
 */
final class PollingSlots extends Semaphore {
  private int size;

  PollingSlots(int size) {
    super(size);
    this.size = size;
  }

  synchronized void resize(int next) {
    if (next > size) {
      release(next - size);
    } else if (next < size) {
      reducePermits(size - next);
    }
    size = next;
  }
}
