package org.hbaseturbo.wire.codec;

import java.io.InputStream;
import java.io.OutputStream;
import org.apache.hadoop.hbase.codec.Codec;
import org.apache.hadoop.hbase.nio.ByteBuff;

/**
 * A cellblock codec for HBase RPC that sends each row key once per row, each family and qualifier once per cellblock
 * (then a dictionary index), timestamps as deltas, and the type and value length only when they change
 * ({@link CompactCellFormat}). Cells decode to what HBase's default {@code KeyValueCodec} gives: the same cells in
 * the same order, without tags.
 *
 * <p>Turned on per client with {@code hbase.client.rpc.codec=org.hbaseturbo.wire.codec.CompactCellCodec}; every
 * server the client reaches (RegionServers and masters) must have this class on its classpath (the deploy jar), or
 * it refuses the connection with {@code UnsupportedCellCodecException}. Deploy the servers first.
 */
public class CompactCellCodec implements Codec {
  @Override
  public Decoder getDecoder(InputStream is) {
    return new CompactCellDecoder(is);
  }

  @Override
  public Decoder getDecoder(ByteBuff buf) {
    int length = buf.remaining();
    if (buf.hasArray()) {
      byte[] array = buf.array();
      int offset = buf.arrayOffset() + buf.position();
      buf.skip(length);
      return new CompactCellDecoder(array, offset, length);
    }
    byte[] copy = new byte[length];
    buf.get(copy);
    return new CompactCellDecoder(copy, 0, length);
  }

  @Override
  public Encoder getEncoder(OutputStream os) {
    return new CompactCellEncoder(os);
  }
}
