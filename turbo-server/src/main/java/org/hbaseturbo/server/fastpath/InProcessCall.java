package org.hbaseturbo.server.fastpath;

import java.io.IOException;
import java.net.InetAddress;
import java.security.PrivilegedActionException;
import java.security.PrivilegedExceptionAction;
import javax.security.auth.Subject;
import org.apache.hadoop.hbase.ipc.RpcServer;
import org.apache.hadoop.hbase.security.User;
import org.apache.hbase.thirdparty.com.google.protobuf.ServiceException;

/**
 * HBase's request path called in-process as the fast path's workers call it: as the thread's current RPC call
 * ({@link FastPathRpcCall}: the caller's user and deadline, results' cells for a cell block), each call to
 * {@code RSRpcServices} under that user's Subject ({@link #as}). What the request path left to run once
 * its results are used (a scanner's close callback) runs when the body returns. Public for {@code bench fastpath},
 * whose CPU floor calls the RegionServers so, without the transport.
 */
public final class InProcessCall {
  /** Code that runs as the current call. */
  @FunctionalInterface
  public interface Body<T, E extends Exception> {
    T run() throws E;
  }

  /** A call to HBase's request path. */
  @FunctionalInterface
  public interface Call<T> {
    T call() throws ServiceException, IOException;
  }

  private InProcessCall() {
  }

  /**
   * Runs {@code body} as the current RPC call of {@code user}.
   *
   * @param deadlineNanos the caller's deadline on this host's monotonic clock
   * @param requestBytes the request's size, as HBase's call reports it
   */
  public static <T, E extends Exception> T run(User user, InetAddress from, long deadlineNanos, long requestBytes,
      Body<T, E> body) throws E {
    FastPathRpcCall call = new FastPathRpcCall(user, from, deadlineNanos, requestBytes);
    RpcServer.setCurrentCall(call);
    try {
      return body.run();
    } finally {
      RpcServer.unsetCurrentCall();
      call.done();
    }
  }

  /**
   * {@code call} as {@code caller}, inside {@link Subject#doAsPrivileged} with its Subject ({@link Caller} says why
   * not {@link User#runAs}): without it, the thread's user would be the RegionServer's own, a superuser.
   */
  // removal: Subject.doAsPrivileged is deprecated with the SecurityManager in Java 17, as Subject.doAs is in 18,
  // which HBase's and Hadoop's runAs call on every Java they run on.
  @SuppressWarnings("removal")
  public static <T> T as(Caller caller, Call<T> call) throws ServiceException, IOException {
    try {
      return Subject.doAsPrivileged(caller.subject(), (PrivilegedExceptionAction<T>) call::call, null);
    } catch (PrivilegedActionException e) {
      if (e.getException() instanceof ServiceException service) {
        throw service;
      }
      if (e.getException() instanceof IOException io) {
        throw io;
      }
      throw new IOException(e.getException());
    }
  }
}
