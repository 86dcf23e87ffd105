package org.hbaseturbo.compress;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.hbaseturbo.compress.codec.AircompressorCodec;
import org.hbaseturbo.compress.codec.Lz4Codec;
import org.hbaseturbo.compress.codec.LzoCodec;
import org.hbaseturbo.compress.codec.SnappyCodec;
import org.hbaseturbo.compress.codec.ZstdCodec;

/**
 * Which codec class serves each HBase compression algorithm under Turbo: the pure-Java codecs of this module
 * for LZO, LZ4, SNAPPY and ZSTD (HBase's defaults for them need native libraries or are missing); NONE and GZ
 * stay HBase's own (GZ falls back to the JDK's zlib).
 *
 * <p>HBase reads {@code hbase.io.compress.<name>.codec} from the configuration {@link Algorithm} loads itself
 * (the server's {@code hbase-site.xml}), and caches the codec. A real cluster gets the keys in its
 * {@code hbase-site.xml} (README); an embedded cluster, which shares this JVM's {@link Algorithm} enum, calls
 * {@link #install()}.
 */
public final class TurboCodecs {
  /** The algorithms Turbo supports, in the papers' order, with the codec class each uses. */
  private static final Map<Algorithm, String> CODECS = new LinkedHashMap<>();

  static {
    CODECS.put(Algorithm.NONE, "");
    CODECS.put(Algorithm.GZ, Compression.GZ_CODEC_CLASS_DEFAULT);
    CODECS.put(Algorithm.SNAPPY, SnappyCodec.class.getName());
    CODECS.put(Algorithm.LZ4, Lz4Codec.class.getName());
    CODECS.put(Algorithm.LZO, LzoCodec.class.getName());
    CODECS.put(Algorithm.ZSTD, ZstdCodec.class.getName());
  }

  private TurboCodecs() {
  }

  /** The supported algorithms, in the papers' order, and the codec class of each ("" for NONE). */
  public static Map<Algorithm, String> codecs() {
    return java.util.Collections.unmodifiableMap(CODECS);
  }

  /** The configuration key HBase reads the codec class of {@code algorithm} from, if it has one. */
  public static String codecKey(Algorithm algorithm) {
    return algorithm == Algorithm.NONE ? "" : "hbase.io.compress." + algorithm.getName() + ".codec";
  }

  /** A new instance of Turbo's own codec for {@code algorithm}; empty for those that stay HBase's (NONE, GZ). */
  public static Optional<AircompressorCodec> ownCodec(Algorithm algorithm) {
    return switch (algorithm) {
      case SNAPPY -> Optional.of(new SnappyCodec());
      case LZ4 -> Optional.of(new Lz4Codec());
      case LZO -> Optional.of(new LzoCodec());
      case ZSTD -> Optional.of(new ZstdCodec());
      default -> Optional.empty();
    };
  }

  /** The codec class HBase uses for {@code algorithm} when its key is not set ("" for NONE). */
  // HBase 2.5 deprecates LZMA_CODEC_CLASS_DEFAULT (2.6 does not); it is still the class HBase 2.5 loads.
  @SuppressWarnings("deprecation")
  public static String hbaseDefaultCodec(Algorithm algorithm) {
    return switch (algorithm) {
      case NONE -> "";
      case GZ -> Compression.GZ_CODEC_CLASS_DEFAULT;
      case SNAPPY -> Compression.SNAPPY_CODEC_CLASS_DEFAULT;
      case LZ4 -> Compression.LZ4_CODEC_CLASS_DEFAULT;
      case LZO -> Compression.LZO_CODEC_CLASS_DEFAULT;
      case ZSTD -> Compression.ZSTD_CODEC_CLASS_DEFAULT;
      case BZIP2 -> Compression.BZIP2_CODEC_CLASS_DEFAULT;
      case LZMA -> Compression.LZMA_CODEC_CLASS_DEFAULT;
      case BROTLI -> Compression.BROTLI_CODEC_CLASS_DEFAULT;
    };
  }

  /** The codec class {@code conf} selects for {@code algorithm} ("" for NONE). */
  public static String configuredCodec(Configuration conf, Algorithm algorithm) {
    return algorithm == Algorithm.NONE ? "" : conf.get(codecKey(algorithm), hbaseDefaultCodec(algorithm));
  }

  /** Sets the codec keys of the Turbo codecs in {@code conf}. */
  public static Configuration configure(Configuration conf) {
    for (Map.Entry<Algorithm, String> codec : CODECS.entrySet()) {
      if (codec.getKey() != Algorithm.NONE) {
        conf.set(codecKey(codec.getKey()), codec.getValue());
      }
    }
    return conf;
  }

  /** Makes this JVM's HBase compression algorithms use the Turbo codecs from now on. */
  public static void install() {
    Configuration conf = configure(new Configuration());
    for (Algorithm algorithm : CODECS.keySet()) {
      if (algorithm != Algorithm.NONE) {
        algorithm.reload(conf);
      }
    }
  }
}
