package org.hbaseturbo.server.fastpath;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.openucx.jucx.ucp.UcpEndpoint;
import org.openucx.jucx.ucp.UcpEndpointParams;
import org.openucx.jucx.ucp.UcpWorker;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The endpoints one server worker sends its replies over: one per client stream, which the worker makes itself to
 * the address the stream's signed requests carry. Never UCX's reply endpoints: UCX 1.13.1 crashes the process that
 * sent on one when its peer then sends certain messages (FastPathUnderFuzzIT found it; a peer needs no session
 * for that). Only an authenticated request names an address, so only a session's holder can have the server
 * connect anywhere, and only over the devices the server's settings allow.
 *
 * <p>Bounded: beyond {@value #MAX_STREAMS} streams the least recently used endpoint is closed; its client gets no
 * reply, times out, and sends its address again. Used by the worker's thread alone.
 */
final class ReplyEndpoints {
  private static final Logger LOG = LoggerFactory.getLogger(ReplyEndpoints.class);
  /** Client streams one worker answers at once: 64 client threads each of 64 client processes. */
  static final int MAX_STREAMS = 4096;

  private record Stream(Sessions.Session session, int stream) {
  }

  private static final class Endpoint {
    final byte[] address;
    final UcpEndpoint ucx;
    volatile boolean failed;

    Endpoint(byte[] address, UcpEndpoint ucx) {
      this.address = address;
      this.ucx = ucx;
    }
  }

  private final UcpWorker worker;
  private final Map<Stream, Endpoint> endpoints = new LinkedHashMap<>(64, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Stream, Endpoint> eldest) {
      if (size() <= MAX_STREAMS) {
        return false;
      }
      eldest.getValue().ucx.closeNonBlockingForce();
      return true;
    }
  };

  ReplyEndpoints(UcpWorker worker) {
    this.worker = worker;
  }

  /**
   * The endpoint to reply to a stream over, made anew when the request names an address the worker has none to.
   *
   * @param address the address an authenticated request carried; empty when it carried none
   * @return null when the stream has no endpoint and the request named no address, or UCX refused to make one
   */
  UcpEndpoint to(Sessions.Session session, int stream, byte[] address) {
    Stream key = new Stream(session, stream);
    Endpoint endpoint = endpoints.get(key);
    boolean usable = endpoint != null && !endpoint.failed;
    if (address.length == 0 || usable && Arrays.equals(address, endpoint.address)) {
      return usable ? endpoint.ucx : null;
    }
    if (endpoint != null) {
      endpoint.ucx.closeNonBlockingForce();
      endpoints.remove(key);
    }
    try {
      ByteBuffer peer = ByteBuffer.allocateDirect(address.length).put(address).flip();
      Endpoint[] made = new Endpoint[1];
      UcpEndpoint ucx = worker.newEndpoint(new UcpEndpointParams().setUcpAddress(peer).setPeerErrorHandlingMode()
          .setErrorHandler((failed, status, message) -> {
            if (made[0] != null) {
              made[0].failed = true;
            }
          }));
      made[0] = new Endpoint(address, ucx);
      endpoints.put(key, made[0]);
      return ucx;
    } catch (RuntimeException e) {
      // An address UCX cannot reach with the transports this server allows, or not an address at all.
      LOG.debug("no reply endpoint to a client stream: {}", e.toString());
      return null;
    }
  }

  /** The stream's endpoint, if it has a usable one; never makes one. */
  UcpEndpoint existing(Sessions.Session session, int stream) {
    Endpoint endpoint = endpoints.get(new Stream(session, stream));
    return endpoint == null || endpoint.failed ? null : endpoint.ucx;
  }

  void closeAll() {
    endpoints.values().forEach(endpoint -> endpoint.ucx.closeNonBlockingForce());
    endpoints.clear();
  }
}
