package org.hbaseturbo.client.fastpath;

import java.io.IOException;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.GetResponse;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutateResponse;

/**
 * Served replies read as HBase's client reads an RPC response: the protobuf response, and each result's cells from
 * the reply's cell block. Any reply that does not read (its cell block shorter than its results say, a cell that is
 * not one) is an {@link IOException}, which sends the operation over RPC.
 */
final class ServedReplies {
  private ServedReplies() {
  }

  /** A Get's result. */
  static Result get(FastPathCall call) throws IOException {
    return result(GetResponse.parseFrom(call.response()).getResult(), call.cells());
  }

  /** Whether a Put was applied. */
  static boolean processed(FastPathCall call) throws IOException {
    return MutateResponse.parseFrom(call.response()).getProcessed();
  }

  /** A result, its cells the next of {@code cells} that it counts as its own. */
  static Result result(ClientProtos.Result result, CellScanner cells) throws IOException {
    try {
      return ProtobufUtil.toResult(result, cells);
    } catch (RuntimeException e) {
      throw new IOException("a fast-path reply whose cells do not read: " + e, e);
    }
  }
}
