package org.hbaseturbo.client.scan;

import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.ServiceException;
import java.io.IOException;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.client.RetriesExhaustedWithDetailsException;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.ipc.RemoteException;
import org.hbaseturbo.common.Messages;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteRequest;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.ExecuteResponse;
import org.hbaseturbo.protocol.generated.PreparedScanProtos.PreparedScanService;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;

/**
 * Calls to the PreparedScanEndpoint of a table's regions, with remote failures turned back into the typed
 * errors the endpoint raised. HBase's own retrying (relocation on a moved or split region, backoff while a
 * RegionServer restarts) sits underneath both calls.
 */
final class RegionCalls {
  private static final String ENDPOINT = "PreparedScanEndpoint";

  private RegionCalls() {
  }

  /** The same request to every region of the table, batched per RegionServer. */
  static void everyRegion(Table table, MethodDescriptor method, Message request, Message prototype)
      throws IOException {
    try {
      table.batchCoprocessorService(method, request, HConstants.EMPTY_START_ROW, HConstants.EMPTY_END_ROW,
          prototype);
    } catch (Throwable t) {
      throw translate(table, t);
    }
  }

  /** One execute on the region holding {@code row}. */
  static ExecuteResponse execute(Table table, byte[] row, ExecuteRequest request) throws IOException {
    try {
      return PreparedScanService.newBlockingStub(table.coprocessorService(row)).execute(null, request);
    } catch (ServiceException e) {
      throw translate(table, e);
    }
  }

  /** Whether the server did not know the called service (its endpoint is not loaded there). */
  static boolean unknownService(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t.getClass().getSimpleName().equals("UnknownProtocolException")
          || String.valueOf(t.getMessage()).contains("UnknownProtocolException")) {
        return true;
      }
    }
    return false;
  }

  /**
   * The typed error the endpoint raised, or the IOException underneath a remote failure, as the server threw
   * it where the client knows its class (so that a refusal reaches the caller as HBase's own
   * {@code AccessDeniedException}, as from a native scan).
   */
  static IOException translate(Table table, Throwable failure) {
    PreparedScanException typed = PreparedScanException.fromRemote(failure);
    if (typed != null) {
      return typed;
    }
    if (failure instanceof RetriesExhaustedWithDetailsException batch && batch.getNumExceptions() > 0) {
      // A call to every region fails with what each failing region said (after HBase's retries); the first
      // failure is the call's.
      return translate(table, batch.getCause(0));
    }
    if (unknownService(failure)) {
      return new PreparedScanException(PreparedScanError.NOT_DEPLOYED, "the regions of table '"
          + table.getName() + "' do not run " + ENDPOINT + ": deploy the turbo-server jar and load "
          + ENDPOINT + " (table coprocessor attribute or hbase.coprocessor.region.classes), see README",
          failure);
    }
    for (Throwable t = failure; t != null; t = t.getCause()) {
      if (t instanceof RemoteException remote) {
        return remote.unwrapRemoteException();
      }
      if (t instanceof IOException io) {
        return io;
      }
    }
    if (failure instanceof Error error) {
      throw error;
    }
    return new IOException(Messages.firstLine(failure), failure);
  }
}
