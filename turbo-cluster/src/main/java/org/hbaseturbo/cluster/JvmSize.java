package org.hbaseturbo.cluster;

import org.hbaseturbo.common.InvalidInputException;

/** A memory size as {@code -Xmx} takes it ("1536m", "2g"): the one parser of heap and node sizes. */
public final class JvmSize {
  private JvmSize() {
  }

  /**
   * @param what what the size is of, as the refusal names it ("RegionServer heap", "--node-memory")
   * @param kind what the size should have been ("heap size", "size")
   * @param example a size that would do, as the refusal suggests it ("512m")
   * @throws InvalidInputException when {@code size} is not a whole number, optionally with k, m or g
   */
  public static long bytes(String size, String what, String kind, String example) {
    if (!size.matches("[1-9][0-9]*[kKmMgG]?")) {
      throw new InvalidInputException(what + " '" + size + "' is not a " + kind + "; expected a number with k, m or g,"
          + " such as " + example + " or 2g");
    }
    char unit = Character.toLowerCase(size.charAt(size.length() - 1));
    int shift = switch (unit) {
      case 'k' -> 10;
      case 'm' -> 20;
      case 'g' -> 30;
      default -> 0;
    };
    return Long.parseLong(shift == 0 ? size : size.substring(0, size.length() - 1)) << shift;
  }
}
