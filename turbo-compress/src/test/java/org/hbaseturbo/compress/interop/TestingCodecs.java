package org.hbaseturbo.compress.interop;

import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.hbaseturbo.compress.TurboCodecs;

/**
 * The other implementations of LZ4, SNAPPY, LZO and ZSTD a cluster may switch between with Turbo's codecs,
 * as far as the Maven registry serves them. Not served, hence not here: HBase's {@code hbase-compression-lz4}
 * and {@code hbase-compression-aircompressor} (2.6.x; DEPENDENCIES.md), hadoop-lzo
 * ({@code com.hadoop.gplcompression:hadoop-lzo}, native; lzo-hadoop below is its pure-Java port), and the
 * native libhadoop that Hadoop's own {@code ZStandardCodec} needs ({@link LibzstdStreamCodec} writes and reads
 * its format).
 */
final class TestingCodecs {
  /** How an implementation lays out a compressed HFile block. */
  enum Format {
    /** Hadoop's BlockCompressorStream: a big-endian length, then length-prefixed chunks; Turbo's format. */
    BLOCKS,
    /** One plain zstd frame per block, as Hadoop's ZStandardCodec writes. */
    ZSTD_FRAMES
  }

  /**
   * @param readSettings configuration an HFile reader gets, on top of HBase's defaults
   */
  record Implementation(String name, Algorithm algorithm, String codecClass, Format format,
      Map<String, String> readSettings) {
    Implementation(String name, Algorithm algorithm, String codecClass, Format format) {
      this(name, algorithm, codecClass, format, Map.of());
    }

    Configuration readConf() {
      Configuration conf = HBaseConfiguration.create();
      readSettings.forEach(conf::set);
      return conf;
    }

    @Override
    public String toString() {
      return algorithm + " " + name;
    }
  }

  private static final List<Implementation> OTHERS = List.of(
      // HBase's default LZ4 class; Hadoop 3.4 runs it on lz4-java, in pure Java where no native lz4 loads.
      new Implementation("Hadoop Lz4Codec", Algorithm.LZ4, "org.apache.hadoop.io.compress.Lz4Codec", Format.BLOCKS),
      new Implementation("aircompressor Lz4Codec", Algorithm.LZ4, StreamsOnlyCodec.AircompressorLz4.class.getName(),
          Format.BLOCKS),
      // HBase's default SNAPPY class; Hadoop 3.4 runs it on snappy-java.
      new Implementation("Hadoop SnappyCodec", Algorithm.SNAPPY, "org.apache.hadoop.io.compress.SnappyCodec",
          Format.BLOCKS),
      new Implementation("HBase xerial SnappyCodec", Algorithm.SNAPPY,
          "org.apache.hadoop.hbase.io.compress.xerial.SnappyCodec", Format.BLOCKS),
      new Implementation("aircompressor SnappyCodec", Algorithm.SNAPPY,
          StreamsOnlyCodec.AircompressorSnappy.class.getName(), Format.BLOCKS),
      // HBase's default LZO class name; lzo-hadoop's class of that name is hadoop-lzo's codec ported to Java.
      new Implementation("lzo-hadoop LzoCodec", Algorithm.LZO, "com.hadoop.compression.lzo.LzoCodec", Format.BLOCKS),
      new Implementation("aircompressor LzoCodec", Algorithm.LZO, StreamsOnlyCodec.AircompressorLzo.class.getName(),
          Format.BLOCKS),
      // HBase's ZstdCodec reads HFile blocks through its ByteBuff decompressor unless told not to: both paths.
      new Implementation("HBase ZstdCodec", Algorithm.ZSTD, "org.apache.hadoop.hbase.io.compress.zstd.ZstdCodec",
          Format.BLOCKS),
      new Implementation("HBase ZstdCodec streamed", Algorithm.ZSTD,
          "org.apache.hadoop.hbase.io.compress.zstd.ZstdCodec", Format.BLOCKS,
          Map.of("hbase.io.compress.zstd.allowByteBuffDecompression", "false")),
      new Implementation("Hadoop ZStandardCodec format (libzstd)", Algorithm.ZSTD,
          LibzstdStreamCodec.class.getName(), Format.ZSTD_FRAMES),
      new Implementation("aircompressor ZstdCodec", Algorithm.ZSTD, StreamsOnlyCodec.AircompressorZstd.class.getName(),
          Format.ZSTD_FRAMES));

  private TestingCodecs() {
  }

  static Stream<Implementation> others() {
    return OTHERS.stream();
  }

  static Stream<Implementation> others(Format format) {
    return OTHERS.stream().filter(other -> other.format() == format);
  }

  /** Turbo's codec class for {@code algorithm}. */
  static String turbo(Algorithm algorithm) {
    return TurboCodecs.codecs().get(algorithm);
  }

  /**
   * Switches {@code algorithm} to {@code codecClass} in this JVM, as a restart with that class configured
   * would: HBase reads the key once, from the configuration {@link Algorithm} loads itself, and caches the codec.
   */
  static void use(Algorithm algorithm, String codecClass) {
    use(algorithm, codecClass, Map.of());
  }

  /** Switches {@code algorithm} to {@code codecClass} as {@link #use(Algorithm, String)}, with {@code settings}. */
  static void use(Algorithm algorithm, String codecClass, Map<String, String> settings) {
    Configuration conf = new Configuration();
    settings.forEach(conf::set);
    conf.set(TurboCodecs.codecKey(algorithm), codecClass);
    CompressionCodec codec = algorithm.reload(conf);
    if (!codec.getClass().getName().equals(codecClass)) {
      throw new IllegalStateException(algorithm + " loaded " + codec.getClass().getName() + ", not " + codecClass);
    }
  }
}
