package org.hbaseturbo.bench.fastpath;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.ChannelSettings.Transports;
import org.hbaseturbo.wire.fastpath.FastPathFrames;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;
import org.openucx.jucx.UcxUtils;
import org.openucx.jucx.ucp.UcpConstants;
import org.openucx.jucx.ucp.UcpContext;
import org.openucx.jucx.ucp.UcpEndpoint;
import org.openucx.jucx.ucp.UcpEndpointParams;
import org.openucx.jucx.ucp.UcpWorker;
import org.openucx.jucx.ucp.UcpWorkerParams;
import org.openucx.jucx.ucs.UcsConstants;

/**
 * The transport's part of a fast-path Get's floor: UCX alone, one round trip of messages of a Get's sizes between
 * two workers of this JVM over the variant's transports, sent as the client sends (eager, with UCX's reply flag) and
 * answered as the server answers (inside the receive callback, over the endpoint UCX made to the sender). Timed twice:
 * with both sides polling all along, and with both parking in UCX's wait for events whenever they have nothing to
 * do, as a fast-path client and server do once polling does not pay. The second is the host's wake-up floor: two
 * wake-ups per round trip, whose cost is the kernel's and the machine's, not the fast path's. What a fast-path Get
 * takes beyond these and the RegionServer's own processing is the fast path's own work, and its waits.
 */
final class UcxRoundTrip {
  private static final int WARM_UP = 2_000;
  private static final int TIMED = 5_000;
  private static final long SEND_FLAGS = UcpConstants.UCP_AM_SEND_FLAG_EAGER | UcpConstants.UCP_AM_SEND_FLAG_REPLY;

  private UcxRoundTrip() {
  }

  /**
   * Round trips' medians, polling and parked, and how often a parked client woke to find nothing new.
   *
   * @param polledP50Us median microseconds with both sides polling
   * @param parkedP50Us median microseconds with both sides parking whenever idle
   * @param emptyWakeUpsPerRoundTrip parked client's wake-ups that found nothing to progress, per round trip
   */
  record Times(double polledP50Us, double parkedP50Us, double emptyWakeUpsPerRoundTrip) {
  }

  /** Round trips of a {@code requestBytes} message answered by one of {@code replyBytes}, polled and then parked. */
  static Times measure(Transports transports, int requestBytes, int replyBytes) throws FastPathUnavailableException {
    Mode polled = time(transports, requestBytes, replyBytes, false);
    Mode parked = time(transports, requestBytes, replyBytes, true);
    return new Times(polled.p50Us, parked.p50Us, (double) parked.emptyWakeUps / (WARM_UP + TIMED));
  }

  private record Mode(double p50Us, long emptyWakeUps) {
  }

  private static Mode time(Transports transports, int requestBytes, int replyBytes, boolean park)
      throws FastPathUnavailableException {
    try (UcpContext context = UcxRuntime.openContext(transports);
        UcpWorker echo = context.newWorker(new UcpWorkerParams().requestThreadSafety());
        UcpWorker client = context.newWorker(new UcpWorkerParams().requestThreadSafety())) {
      ByteBuffer reply = ByteBuffer.allocateDirect(replyBytes);
      echo.setAmRecvHandler(FastPathFrames.REQUEST_MESSAGE, (header, headerLength, data, sender) -> {
        sender.sendAmNonBlocking(FastPathFrames.REPLY_MESSAGE, 0, 0, UcxUtils.getAddress(reply), replyBytes,
            UcpConstants.UCP_AM_SEND_FLAG_EAGER, null);
        return UcsConstants.STATUS.UCS_OK;
      }, UcpConstants.UCP_AM_FLAG_WHOLE_MSG);
      AtomicBoolean answered = new AtomicBoolean();
      client.setAmRecvHandler(FastPathFrames.REPLY_MESSAGE, (header, headerLength, data, sender) -> {
        answered.set(true);
        return UcsConstants.STATUS.UCS_OK;
      }, UcpConstants.UCP_AM_FLAG_WHOLE_MSG);
      AtomicBoolean running = new AtomicBoolean(true);
      Thread server = new Thread(() -> {
        try {
          while (running.get()) {
            if (echo.progress() == 0 && park) {
              echo.waitForEvents();
            }
          }
        } catch (Exception e) {
          // UCX failed the worker: the client's wait below ends with its own failure.
          running.set(false);
        }
      }, "ucx-round-trip-echo");
      server.setDaemon(true);
      server.start();
      try (UcpEndpoint endpoint = client.newEndpoint(new UcpEndpointParams()
          .setUcpAddress(echo.getAddress()).setPeerErrorHandlingMode())) {
        ByteBuffer request = ByteBuffer.allocateDirect(requestBytes);
        long[] nanos = new long[TIMED];
        long emptyWakeUps = 0;
        for (int i = 0; i < WARM_UP + TIMED; i++) {
          answered.set(false);
          long start = System.nanoTime();
          endpoint.sendAmNonBlocking(FastPathFrames.REQUEST_MESSAGE, 0, 0, UcxUtils.getAddress(request),
              requestBytes, SEND_FLAGS, null);
          boolean woke = false;
          while (!answered.get()) {
            if (!running.get()) {
              throw new FastPathUnavailableException("the echo worker failed");
            }
            if (client.progress() > 0 || !park) {
              woke = false;
              continue;
            }
            if (woke) {
              emptyWakeUps++;
            }
            client.waitForEvents();
            woke = true;
          }
          if (i >= WARM_UP) {
            nanos[i - WARM_UP] = System.nanoTime() - start;
          }
        }
        Arrays.sort(nanos);
        return new Mode(nanos[TIMED / 2] / 1_000.0, emptyWakeUps);
      } finally {
        running.set(false);
        echo.signal();
        try {
          server.join(5_000);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    } catch (FastPathUnavailableException e) {
      throw e;
    } catch (Exception e) {
      throw new FastPathUnavailableException("UCX round trip failed: " + e.getMessage(), e);
    }
  }
}
