package org.hbaseturbo.server.fastpath;

import java.io.IOException;
import java.lang.reflect.UndeclaredThrowableException;
import java.net.InetAddress;
import java.security.PrivilegedExceptionAction;
import org.apache.hadoop.hbase.ipc.RpcServer;
import org.apache.hadoop.hbase.security.User;
import org.apache.hbase.thirdparty.com.google.protobuf.ServiceException;

/**
 * HBase's request path called in-process as the fast path's workers call it: as the thread's current RPC call
 * ({@link FastPathRpcCall}: the caller's user and deadline, results' cells for a cell block), each call to
 * {@code RSRpcServices} inside {@link User#runAs} for that user ({@link #as}). What the request path left to run once
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
   * {@code call} inside {@link User#runAs} for {@code user}: without it, the thread's user would be the
   * RegionServer's own, a superuser.
   */
  public static <T> T as(User user, Call<T> call) throws ServiceException, IOException {
    try {
      return user.runAs((PrivilegedExceptionAction<T>) call::call);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    } catch (UndeclaredThrowableException e) {
      if (e.getCause() instanceof ServiceException service) {
        throw service;
      }
      throw new IOException(e.getCause());
    }
  }
}
