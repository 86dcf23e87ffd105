package org.hbaseturbo.wire.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Assume;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.ArrayBackedTag;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.CellScanner;
import org.apache.hadoop.hbase.CellUtil;
import org.apache.hadoop.hbase.HConstants;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.Tag;
import org.apache.hadoop.hbase.codec.Codec;
import org.apache.hadoop.hbase.codec.KeyValueCodec;
import org.apache.hadoop.hbase.io.HeapSize;
import org.apache.hadoop.hbase.ipc.TestingCellBlocks;
import org.apache.hadoop.hbase.nio.ByteBuff;
import org.apache.hadoop.hbase.nio.MultiByteBuff;
import org.apache.hadoop.hbase.nio.SingleByteBuff;
import org.apache.hadoop.hbase.util.Bytes;
import org.apache.hadoop.io.compress.GzipCodec;

/**
 * The codec against HBase's default: every cellblock decodes to exactly the cells {@code KeyValueCodec} gives for
 * the same input, whichever way the RPC layer hands it over; what cannot be decoded fails with an IOException.
 */
class TestCompactCellCodec {
  private static final CompactCellCodec COMPACT = new CompactCellCodec();
  private static final KeyValueCodec DEFAULT = new KeyValueCodec();

  @Property(tries = 400)
  void decodesWhatKeyValueCodecDecodes(@ForAll("cellblocks") List<KeyValue> cells) throws IOException {
    List<Cell> expected = decode(DEFAULT.getDecoder(new ByteArrayInputStream(encode(DEFAULT, cells))));
    byte[] block = encode(COMPACT, cells);
    assertSameCells(decode(COMPACT.getDecoder(new ByteArrayInputStream(block))), expected);
    assertSameCells(decode(COMPACT.getDecoder(new SingleByteBuff(ByteBuffer.wrap(block)))), expected);
    ByteBuffer direct = ByteBuffer.allocateDirect(block.length).put(block).flip();
    assertSameCells(decode(COMPACT.getDecoder(new SingleByteBuff(direct))), expected);
    assertSameCells(decode(COMPACT.getDecoder(split(block))), expected);
  }

  /** The server encodes cells it read from off-heap blocks: the encoder must read them, not only arrays. */
  @Property(tries = 100)
  void encodesOffHeapCells(@ForAll("cellblocks") List<KeyValue> cells) throws IOException {
    List<Cell> offHeap = new ArrayList<>();
    for (KeyValue cell : cells) {
      ByteBuffer buffer = ByteBuffer.allocateDirect(cell.getLength()).put(cell.getBuffer(), cell.getOffset(),
          cell.getLength()).flip();
      offHeap.add(new org.apache.hadoop.hbase.ByteBufferKeyValue(buffer, 0, cell.getLength()));
    }
    List<Cell> expected = decode(DEFAULT.getDecoder(new ByteArrayInputStream(encode(DEFAULT, cells))));
    assertSameCells(decode(COMPACT.getDecoder(new ByteArrayInputStream(encode(COMPACT, offHeap)))), expected);
  }

  @Property(tries = 100)
  void worksUnderCellblockCompression(@ForAll("cellblocks") List<KeyValue> cells) throws IOException {
    Assume.that(!cells.isEmpty());
    TestingCellBlocks blocks = new TestingCellBlocks();
    GzipCodec gzip = new GzipCodec();
    gzip.setConf(new Configuration(false));
    byte[] block = blocks.build(COMPACT, gzip, cells);
    List<Cell> expected = decode(DEFAULT.getDecoder(new ByteArrayInputStream(encode(DEFAULT, cells))));
    assertSameCells(decode(blocks.readAsClient(COMPACT, gzip, block)), expected);
    assertSameCells(decode(blocks.readAsServer(COMPACT, gzip, block)), expected);
  }

  @Property(tries = 300)
  void truncatedCellblocksFailOrYieldAPrefix(@ForAll("cellblocks") List<KeyValue> cells,
      @ForAll @IntRange(min = 0, max = Integer.MAX_VALUE - 1) int cut) throws IOException {
    Assume.that(!cells.isEmpty());
    byte[] block = encode(COMPACT, cells);
    byte[] truncated = Arrays.copyOf(block, cut % block.length);
    List<Cell> expected = decode(DEFAULT.getDecoder(new ByteArrayInputStream(encode(DEFAULT, cells))));
    Codec.Decoder decoder = COMPACT.getDecoder(new ByteArrayInputStream(truncated));
    List<Cell> decoded = new ArrayList<>();
    try {
      while (decoder.advance()) {
        decoded.add(decoder.current());
      }
    } catch (MalformedCellBlockException e) {
      assertThat(e).hasMessageContaining("compact cellblock");
    }
    // The RPC layer frames cellblocks by length, so a cut can only come from a bug; even then, no wrong cell.
    assertThat(decoded.size()).isLessThan(expected.size());
    assertSameCells(decoded, expected.subList(0, decoded.size()));
  }

  @Property(tries = 500)
  void randomBytesNeverHangOrExhaustMemory(@ForAll @Size(max = 600) List<Byte> noise,
      @ForAll boolean withMagic) {
    byte[] block = new byte[noise.size() + 1];
    block[0] = withMagic ? CompactCellFormat.MAGIC : 0;
    for (int i = 0; i < noise.size(); i++) {
      block[i + 1] = noise.get(i);
    }
    decodeUntrusted(block);
  }

  /** Cellblocks of the codec with bytes replaced: deeper into the format than random bytes get. */
  @Property(tries = 500)
  void corruptCellblocksAreRefusedOrDecodeWithinTheBound(@ForAll("cellblocks") List<KeyValue> cells,
      @ForAll @Size(min = 1, max = 6) List<@IntRange(min = 0, max = Integer.MAX_VALUE - 1) Integer> positions,
      @ForAll byte replacement) throws IOException {
    Assume.that(!cells.isEmpty());
    byte[] block = encode(COMPACT, cells);
    for (int position : positions) {
      block[1 + position % (block.length - 1)] ^= replacement == 0 ? 1 : replacement; // the magic stays
    }
    decodeUntrusted(block);
  }

  @Property(tries = 50)
  void aCellblockOfAnotherCodecIsRefusedByName(@ForAll("cellblocks") List<KeyValue> cells) throws IOException {
    Assume.that(!cells.isEmpty());
    byte[] block = encode(DEFAULT, cells);
    assertThatThrownBy(() -> decode(COMPACT.getDecoder(new ByteArrayInputStream(block))))
        .isInstanceOf(MalformedCellBlockException.class)
        .hasMessageContaining("not a compact cellblock").hasMessageContaining(CompactCellCodec.class.getName());
  }

  /**
   * The cellblock: a 32 KB row and a 30 KB qualifier sent once, then referenced by cell after cell of one
   * byte each. 64 KB that would decode to 66 MB, 1,000 times its size, under the former bound of 64 MiB.
   */
  @Property(tries = 1)
  void aCellblockOfReferencesToLongKeysIsRefused() throws IOException {
    KeyValue cell = new KeyValue(new byte[Short.MAX_VALUE], Bytes.toBytes("f"), new byte[30 * 1024], 1L,
        new byte[0]);
    byte[] block = ReferencingCompactCellCodec.repeated(cell, 1_039);
    assertThat(block.length).isLessThan(64 * 1024);
    assertThat(1_039L * cell.getLength()).isGreaterThan(1_000L * block.length);
    long limit = CompactCellFormat.decodingLimit(block.length);
    List<Cell> decoded = new ArrayList<>();
    Codec.Decoder decoder = COMPACT.getDecoder(new ByteArrayInputStream(block));
    assertThatThrownBy(() -> {
      while (decoder.advance()) {
        decoded.add(decoder.current());
      }
    }).isInstanceOf(MalformedCellBlockException.class)
        .hasMessageContaining("at cell " + decoded.size() + ": it would decode to ")
        .hasMessageContaining("bytes or more, over the " + limit + " bytes (16 times its " + block.length + ")");
    // Refused before it allocated more than the bound.
    assertThat(decoded.size() * CompactCellFormat.cellCost(Short.MAX_VALUE, 1, 30 * 1024, 0)).isLessThan(limit);
    assertThat(decoded).hasSizeGreaterThan(10);
  }

  /** The same cells as the codec's encoder sends them: references while they keep within the bound. */
  @Property(tries = 1)
  void theEncoderSendsLongKeysAgainRatherThanPassTheBound() throws IOException {
    List<Cell> cells = new ArrayList<>();
    for (int i = 0; i < 1_039; i++) {
      cells.add(new KeyValue(new byte[Short.MAX_VALUE], Bytes.toBytes("f"), new byte[30 * 1024], 1L, new byte[0]));
    }
    byte[] block = encode(COMPACT, cells);
    assertSameCells(decode(COMPACT.getDecoder(new ByteArrayInputStream(block))),
        decode(DEFAULT.getDecoder(new ByteArrayInputStream(encode(DEFAULT, cells)))));
    // 66 MB of cells in 4 MB: one cell in full, then references up to the bound, again and again.
    assertThat((double) encode(DEFAULT, cells).length / block.length).isBetween(15.0, 16.0);
  }

  /** Cells whose rows and columns repeat, long or empty: the encoder's output always decodes within the bound. */
  @Property(tries = 200)
  void repeatedCellsDecodeWithinTheBound(@ForAll("repeatedCells") List<KeyValue> cells) throws IOException {
    List<Cell> expected = decode(DEFAULT.getDecoder(new ByteArrayInputStream(encode(DEFAULT, cells))));
    byte[] block = encode(COMPACT, cells);
    assertSameCells(decode(COMPACT.getDecoder(new ByteArrayInputStream(block))), expected);
    assertSameCells(decode(COMPACT.getDecoder(new SingleByteBuff(ByteBuffer.wrap(block)))), expected);
  }

  /** A cell and references to it: each such cellblock decodes exactly when its count is within the bound. */
  @Property(tries = 1)
  void cellblocksDecodeUpToTheBoundAndNoFurther() throws IOException {
    int atTheBound = 0;
    for (int rowLength = 1; rowLength <= 120; rowLength++) {
      for (int valueLength = 0; valueLength <= 2; valueLength++) {
        KeyValue cell = new KeyValue(new byte[rowLength], Bytes.toBytes("f"), new byte[0], 1L, new byte[valueLength]);
        for (int count = 1; count <= 25; count++) {
          byte[] block = ReferencingCompactCellCodec.repeated(cell, count);
          long cost = count * CompactCellFormat.cellCost(rowLength, 1, 0, valueLength) + CompactCellFormat.entryCost(1)
              + CompactCellFormat.entryCost(0);
          long limit = CompactCellFormat.decodingLimit(block.length);
          atTheBound += cost == limit ? 1 : 0;
          if (cost <= limit) {
            assertThat(decode(COMPACT.getDecoder(new ByteArrayInputStream(block)))).hasSize(count);
          } else {
            assertThatThrownBy(() -> decode(COMPACT.getDecoder(new ByteArrayInputStream(block))))
                .isInstanceOf(MalformedCellBlockException.class).hasMessageContaining("over the " + limit + " bytes");
          }
        }
      }
    }
    // For one: a row of 49 bytes and a value of 1, 9 cells in 78 bytes, counted 9 x 135 + 17 + 16 = 16 x 78.
    assertThat(atTheBound).as("cellblocks that decode to exactly the bound").isPositive();
  }

  /** What the decoder counts for a cell covers HBase's own estimate of its heap. */
  @Property(tries = 100)
  void aDecodedCellTakesNoMoreHeapThanCounted(@ForAll("cellblocks") List<KeyValue> cells) throws IOException {
    for (Cell cell : decode(COMPACT.getDecoder(new ByteArrayInputStream(encode(COMPACT, cells))))) {
      assertThat(((HeapSize) cell).heapSize()).isLessThanOrEqualTo(CompactCellFormat.cellCost(cell.getRowLength(),
          cell.getFamilyLength(), cell.getQualifierLength(), cell.getValueLength()));
    }
  }

  @Property(tries = 1)
  void writesFewerBytesThanKeyValueCodecForYcsbRows() throws IOException {
    List<Cell> cells = new ArrayList<>();
    for (int row = 0; row < 10; row++) {
      for (int field = 0; field < 10; field++) {
        cells.add(new KeyValue(Bytes.toBytes("user" + (6_284_781_860_667_377_211L + row)), Bytes.toBytes("family"),
            Bytes.toBytes("field" + field), 1_700_000_000_000L + row, new byte[100]));
      }
    }
    int compact = encode(COMPACT, cells).length;
    int keyValue = encode(DEFAULT, cells).length;
    assertThat(keyValue).isEqualTo(100 * 159);
    // Per row: 1 + 2 + the row's new suffix bytes; per cell: 1 head + 100 value; the first row names the columns.
    assertThat((double) compact / keyValue).isLessThan(0.67);
  }

  @Provide
  Arbitrary<List<KeyValue>> cellblocks() {
    Arbitrary<byte[]> rows = Arbitraries.oneOf(bytes(0, 12), bytes(1, 40), bytes(300, 2_000).injectDuplicates(0.5));
    Arbitrary<byte[]> families = Arbitraries.of(Bytes.toBytes("f"), Bytes.toBytes("family"), new byte[0],
        Bytes.toBytes("a-longer-family-name"), new byte[Byte.MAX_VALUE]);
    Arbitrary<byte[]> qualifiers = Arbitraries.oneOf(
        Arbitraries.integers().between(0, 40).map(i -> Bytes.toBytes("field" + i)), bytes(0, 30),
        bytes(1_000, 5_000));
    Arbitrary<Long> timestamps = Arbitraries.oneOf(Arbitraries.just(HConstants.LATEST_TIMESTAMP),
        Arbitraries.just(0L), Arbitraries.longs().between(1_700_000_000_000L, 1_700_000_100_000L),
        Arbitraries.longs().between(0, Long.MAX_VALUE));
    Arbitrary<KeyValue.Type> types = Arbitraries.of(KeyValue.Type.values());
    Arbitrary<byte[]> values = Arbitraries.oneOf(bytes(0, 0), bytes(1, 200), bytes(4_000, 70_000));
    Arbitrary<List<Tag>> tags = Arbitraries.oneOf(Arbitraries.just(List.of()),
        bytes(1, 20).map(value -> List.of(new ArrayBackedTag((byte) 1, value))));
    Arbitrary<KeyValue> cell = Combinators.combine(rows, families, qualifiers, timestamps, types, values, tags)
        .as((row, family, qualifier, timestamp, type, value, tag) -> new KeyValue(row, 0, row.length, family, 0,
            family.length, qualifier, 0, qualifier.length, timestamp, type, value, 0, value.length, tag));
    // Runs of one cell repeated with small changes, as in real cellblocks: rows of several cells, versions.
    return cell.list().ofMaxSize(40).map(TestCompactCellCodec::withRuns);
  }

  /** One cell repeated: its row and column, long or empty, referenced by each repeat, sometimes a new version. */
  @Provide
  Arbitrary<List<KeyValue>> repeatedCells() {
    Arbitrary<byte[]> rows = Arbitraries.of(new byte[0], new byte[1], new byte[100], new byte[Short.MAX_VALUE]);
    Arbitrary<byte[]> families = Arbitraries.of(new byte[0], Bytes.toBytes("f"), new byte[Byte.MAX_VALUE]);
    Arbitrary<byte[]> qualifiers = Arbitraries.of(new byte[0], Bytes.toBytes("q"), new byte[5_000]);
    Arbitrary<byte[]> values = Arbitraries.of(new byte[0], new byte[1], new byte[20]);
    Arbitrary<Integer> counts = Arbitraries.integers().between(1, 300);
    Arbitrary<Boolean> versions = Arbitraries.of(true, false);
    return Combinators.combine(rows, families, qualifiers, values, counts, versions)
        .as((row, family, qualifier, value, count, newVersions) -> {
          List<KeyValue> cells = new ArrayList<>();
          for (int i = 0; i < count; i++) {
            cells.add(new KeyValue(row, family, qualifier, newVersions ? 1_000 - i : 1, value));
          }
          return cells;
        });
  }

  private static List<KeyValue> withRuns(List<KeyValue> cells) {
    List<KeyValue> result = new ArrayList<>();
    for (KeyValue cell : cells) {
      result.add(cell);
      if (cell.getValueLength() % 3 == 0) {
        result.add(new KeyValue(CellUtil.cloneRow(cell), CellUtil.cloneFamily(cell),
            Bytes.add(CellUtil.cloneQualifier(cell), Bytes.toBytes("x")), cell.getTimestamp(),
            KeyValue.Type.Put, CellUtil.cloneValue(cell)));
      }
    }
    return result;
  }

  private static Arbitrary<byte[]> bytes(int min, int max) {
    return Arbitraries.bytes().array(byte[].class).ofMinSize(min).ofMaxSize(max);
  }

  private static byte[] encode(Codec codec, List<? extends Cell> cells) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    Codec.Encoder encoder = codec.getEncoder(out);
    for (Cell cell : cells) {
      encoder.write(cell);
    }
    encoder.flush();
    return out.toByteArray();
  }

  private static List<Cell> decode(CellScanner scanner) throws IOException {
    List<Cell> cells = new ArrayList<>();
    while (scanner.advance()) {
      cells.add(scanner.current());
    }
    return cells;
  }

  /**
   * Decodes a cellblock from anyone, as a server does: it is refused with the typed error, or decodes, and either
   * way its cells take no more than the bound. Every cell takes at least one byte, so a decoder that makes no
   * progress fails the count.
   */
  private static void decodeUntrusted(byte[] block) {
    Codec.Decoder decoder = COMPACT.getDecoder(new SingleByteBuff(ByteBuffer.wrap(block)));
    int cells = 0;
    long cost = 0;
    try {
      while (decoder.advance()) {
        assertThat(++cells).isLessThanOrEqualTo(block.length);
        Cell cell = decoder.current();
        cost += CompactCellFormat.cellCost(cell.getRowLength(), cell.getFamilyLength(), cell.getQualifierLength(),
            cell.getValueLength());
      }
    } catch (IOException e) {
      assertThat(e).isInstanceOf(MalformedCellBlockException.class).hasMessageContaining("compact cellblock");
      // A RegionServer reads on after a mutation fails (RSRpcServices.skipCellsForMutation), then other regions'.
      assertThatThrownBy(decoder::advance).as("a refused cellblock stays refused")
          .isInstanceOf(MalformedCellBlockException.class);
    }
    assertThat(cost).isLessThanOrEqualTo(CompactCellFormat.decodingLimit(block.length));
  }

  /** The block over three buffers, as a large request arrives in pooled buffers. */
  private static ByteBuff split(byte[] block) {
    int first = block.length / 3;
    int second = 2 * block.length / 3;
    return new MultiByteBuff(ByteBuffer.wrap(Arrays.copyOfRange(block, 0, first)),
        ByteBuffer.wrap(Arrays.copyOfRange(block, first, second)),
        ByteBuffer.wrap(Arrays.copyOfRange(block, second, block.length)));
  }

  private static void assertSameCells(List<Cell> actual, List<Cell> expected) {
    assertThat(actual).hasSameSizeAs(expected);
    for (int i = 0; i < actual.size(); i++) {
      Cell a = actual.get(i);
      Cell e = expected.get(i);
      assertThat(CellUtil.equals(a, e)).as("cell %d key", i).isTrue();
      assertThat(CellUtil.matchingTimestamp(a, e)).as("cell %d timestamp", i).isTrue();
      assertThat(typeOf(a)).as("cell %d type", i).isEqualTo(typeOf(e));
      assertThat(CellUtil.cloneValue(a)).as("cell %d value", i).isEqualTo(CellUtil.cloneValue(e));
      assertThat(a.getSerializedSize()).as("cell %d size, tags included", i).isEqualTo(e.getSerializedSize());
      assertThat(a.getClass()).isEqualTo(e.getClass());
    }
  }

  @SuppressWarnings("deprecation")
  private static byte typeOf(Cell cell) {
    return cell.getTypeByte();
  }
}
