package org.hbaseturbo.tune.split;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.common.InvalidInputException;

/**
 * Keys from a file, one a line, as HBase prints them ({@code Bytes.toStringBinary}: {@code \xNN} for a byte that is
 * not printable; other bytes stand for themselves, so a UTF-8 key may be written as it is); blank lines are skipped. A
 * pre-split cuts the table at the sample's quantiles.
 */
public final class KeySample implements SplitKeys {
  private final Path file;
  private final List<byte[]> keys;

  private KeySample(Path file, List<byte[]> keys) {
    this.file = file;
    this.keys = keys;
  }

  /**
   * Reads {@code file}.
   *
   * @param option how the user named the file, for messages: "--key-sample"
   * @throws InvalidInputException when the file is missing, unreadable, or holds no key
   */
  public static KeySample read(Path file, String option) {
    String expected = "expected a file of sample keys, one a line";
    if (!Files.exists(file)) {
      throw new InvalidInputException(option + " '" + file + "' does not exist; " + expected);
    }
    if (!Files.isRegularFile(file)) {
      throw new InvalidInputException(option + " '" + file + "' is not a file; " + expected);
    }
    List<String> lines;
    try {
      // Byte for byte: each byte one char, which toBytesBinary turns back into that byte.
      lines = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      throw new InvalidInputException(option + " '" + file + "' cannot be read (" + e.getMessage() + "); "
          + expected, e);
    }
    List<byte[]> keys = new ArrayList<>();
    for (String line : lines) {
      if (!line.isBlank()) {
        keys.add(Bytes.toBytesBinary(line));
      }
    }
    if (keys.isEmpty()) {
      throw new InvalidInputException(option + " '" + file + "' holds no key; " + expected);
    }
    return new KeySample(file, keys);
  }

  @Override
  public List<byte[]> splitPoints(int regions) {
    return SplitPoints.quantiles(keys, regions);
  }

  @Override
  public String describe() {
    return String.format("the %,d sample keys of %s", keys.size(), file);
  }
}
