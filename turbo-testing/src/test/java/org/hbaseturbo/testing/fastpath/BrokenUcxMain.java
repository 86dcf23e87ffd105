package org.hbaseturbo.testing.fastpath;

import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;
import org.openucx.jucx.ucp.UcpContext;

/**
 * {@link BrokenUcxIT}'s child JVM: opens a UCX context twice, as a client's connections each try, and prints what
 * each attempt says, a line each.
 */
public final class BrokenUcxMain {
  private BrokenUcxMain() {
  }

  public static void main(String[] args) {
    for (int attempt = 0; attempt < 2; attempt++) {
      try {
        UcpContext context = UcxRuntime.openContext(new ChannelSettings.Transports(ChannelSettings.SHARED_MEMORY, ""));
        context.close();
        System.out.println("opened");
      } catch (FastPathUnavailableException e) {
        System.out.println(e.getMessage());
      }
    }
  }
}
