package org.hbaseturbo.advisor;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.compress.Compression.Algorithm;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;
import org.hbaseturbo.common.InvalidInputException;

/** A column family's storage settings that the advisor compares: data block encoding and compression. */
public record StorageOption(DataBlockEncoding encoding, Algorithm compression) {
  /**
   * {@code ENCODING+CODEC} as {@link #toString()} writes it, any case: {@code FAST_DIFF+ZSTD}.
   *
   * @throws InvalidInputException naming the part that is not an HBase encoding or compression algorithm
   */
  public static StorageOption parse(String text) {
    String[] parts = text.split("\\+");
    if (parts.length != 2) {
      throw new InvalidInputException("'" + text + "' is not ENCODING+CODEC (for example FAST_DIFF+ZSTD)");
    }
    String encoding = parts[0].strip().toUpperCase(Locale.ROOT);
    String codec = parts[1].strip().toLowerCase(Locale.ROOT);
    List<String> encodings = CodecAdvisor.ENCODINGS.stream().map(Enum::name).toList();
    if (!encodings.contains(encoding)) {
      throw new InvalidInputException("unknown data block encoding '" + parts[0] + "' in '" + text
          + "': expected one of " + String.join(", ", encodings));
    }
    List<String> codecs = Arrays.stream(Algorithm.values()).map(Algorithm::getName).toList();
    if (!codecs.contains(codec)) {
      throw new InvalidInputException("unknown compression '" + parts[1] + "' in '" + text + "': expected one of "
          + String.join(", ", codecs));
    }
    return new StorageOption(DataBlockEncoding.valueOf(encoding), Compression.getCompressionAlgorithmByName(codec));
  }

  @Override
  public String toString() {
    return encoding + "+" + compression.getName().toUpperCase(Locale.ROOT);
  }
}
