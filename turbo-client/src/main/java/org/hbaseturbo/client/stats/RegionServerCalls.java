package org.hbaseturbo.client.stats;

import com.google.protobuf.ServiceException;
import java.io.IOException;
import org.apache.hadoop.hbase.ServerName;
import org.apache.hadoop.hbase.client.Admin;
import org.apache.hadoop.hbase.ipc.CoprocessorRpcChannel;
import org.apache.hadoop.hbase.ipc.ServerRpcController;
import org.apache.hadoop.hbase.security.AccessDeniedException;
import org.apache.hadoop.ipc.RemoteException;
import org.hbaseturbo.common.Messages;

/** Calls to a RegionServer coprocessor endpoint of the server jar, with its failures as IOExceptions. */
public final class RegionServerCalls {
  private RegionServerCalls() {
  }

  /** One blocking call through a stub made from the channel. */
  public interface Call<R> {
    R call(CoprocessorRpcChannel channel, ServerRpcController controller) throws ServiceException;
  }

  /**
   * @throws AccessDeniedException when the server refuses the caller
   * @throws IOException naming the server and the endpoint's class when it does not answer, typically because
   *     the server jar is not deployed there or the endpoint is not in hbase.coprocessor.regionserver.classes
   */
  public static <R> R call(Admin admin, ServerName server, String endpoint, Call<R> call) throws IOException {
    ServerRpcController controller = new ServerRpcController();
    R response;
    try {
      response = call.call(admin.coprocessorService(server), controller);
    } catch (ServiceException e) {
      throw unanswered(server, endpoint, e);
    }
    if (controller.failedOnException()) {
      throw unanswered(server, endpoint, controller.getFailedOn());
    }
    return response;
  }

  private static IOException unanswered(ServerName server, String endpoint, Throwable cause) {
    for (Throwable e = cause; e != null; e = e.getCause()) {
      boolean denied = e instanceof AccessDeniedException
          || e instanceof RemoteException remote && remote.getClassName().equals(AccessDeniedException.class.getName());
      if (denied) {
        return new AccessDeniedException("RegionServer " + server + " refused " + endpoint + " to this user (under"
            + " AccessController, RegionServer endpoints need global ADMIN): " + Messages.firstLine(e));
      }
    }
    // HBase's "Error calling method ..." says nothing of why: the deepest cause does (a timeout, a refused call).
    Throwable root = Messages.rootCause(cause);
    String why = root == cause ? "" : " (" + root.getClass().getSimpleName() + ": " + Messages.firstLine(root) + ")";
    return new IOException("RegionServer " + server + " does not answer " + endpoint + " (is the turbo-server"
        + " jar deployed there and " + endpoint + " listed in hbase.coprocessor.regionserver.classes?): "
        + Messages.firstLine(cause) + why, cause);
  }
}
