package org.apache.hadoop.hbase.ipc;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.codec.Codec;
import org.apache.hadoop.hbase.nio.SingleByteBuff;
import org.apache.hadoop.io.compress.CompressionCodec;

/**
 * HBase's own cellblock building and reading ({@link CellBlockBuilder} is package-private), so that codec tests
 * go through what the RPC client and server run, compression included.
 */
public final class TestingCellBlocks {
  private final CellBlockBuilder builder = new CellBlockBuilder(new Configuration(false));

  /** The cellblock as the client builds it for a request. */
  public byte[] build(Codec codec, CompressionCodec compressor, List<? extends Cell> cells) throws IOException {
    ByteBuffer block = builder.buildCellBlock(codec, compressor, CellUtil.createCellScanner(List.copyOf(cells)));
    byte[] bytes = new byte[block.remaining()];
    block.get(bytes);
    return bytes;
  }

  /** As the client reads a response's cellblock. */
  public CellScanner readAsClient(Codec codec, CompressionCodec compressor, byte[] block) throws IOException {
    return builder.createCellScanner(codec, compressor, block);
  }

  /** As a server reads a request's cellblock. */
  public CellScanner readAsServer(Codec codec, CompressionCodec compressor, byte[] block) throws IOException {
    return builder.createCellScannerReusingBuffers(codec, compressor, new SingleByteBuff(ByteBuffer.wrap(block)));
  }
}
