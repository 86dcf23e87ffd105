package org.hbaseturbo.wire.fastpath;

import java.io.IOException;
import java.util.List;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.client.Put;
import org.apache.hadoop.hbase.shaded.protobuf.ProtobufUtil;
import org.apache.hadoop.hbase.shaded.protobuf.RequestConverter;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutateRequest;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto;
import org.apache.hadoop.hbase.shaded.protobuf.generated.ClientProtos.MutationProto.MutationType;
import org.apache.hadoop.hbase.shaded.protobuf.generated.HBaseProtos.RegionSpecifier.RegionSpecifierType;
import org.apache.hbase.thirdparty.com.google.protobuf.Message;

/**
 * The bodies of requests that carry Puts, as HBase's client sends them over RPC: each Put a mutation without its data
 * in the protobuf request, which names how many cells are its own, and its cells in a cell block beside it
 * ({@link CellBlockBody}). With the cells inside the protobuf request, the server parsed each as a message of its own
 * and copied it twice more into a cell of its own. The server reads the cells back through
 * {@link CellBlockBody#putCells}.
 */
public final class PutBodies {
  private PutBodies() {
  }

  /** The body of a Put into the region named {@code regionName}. */
  public static byte[] mutate(byte[] regionName, Put put) throws IOException {
    return body(mutateRequest(regionName, put), List.of(put));
  }

  /** HBase's request of a Put into the region named {@code regionName}, its cells left to the cell block. */
  public static MutateRequest mutateRequest(byte[] regionName, Put put) throws IOException {
    return MutateRequest.newBuilder()
        .setRegion(RequestConverter.buildRegionSpecifier(RegionSpecifierType.REGION_NAME, regionName))
        .setMutation(mutation(put)).build();
  }

  /** The body of a request whose Puts, in the request's order, are {@code puts}. */
  public static byte[] body(Message request, List<Put> puts) throws IOException {
    return CellBlockBody.encode(request, CellUtil.createCellScanner(puts));
  }

  /** A Put as a mutation whose cells travel in the cell block. */
  public static MutationProto mutation(Put put) throws IOException {
    return ProtobufUtil.toMutationNoData(MutationType.PUT, put);
  }

  /** What a Put's cells add to a cell block. */
  public static long cellBlockBytes(Put put) throws IOException {
    long bytes = 0;
    CellScanner cells = put.cellScanner();
    while (cells.advance()) {
      bytes += CellBlockBody.cellBytes(cells.current());
    }
    return bytes;
  }
}
