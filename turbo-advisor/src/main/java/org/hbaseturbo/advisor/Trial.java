package org.hbaseturbo.advisor;

/**
 * One storage option measured on the sample: an HFile written with it through HBase's own writer, and read
 * back through HBase's own reader with no block cache. Speeds are the median of the timed passes.
 *
 * @param rawBytes the sample's cells as KeyValues (key and value, no encoding, no compression)
 * @param storedBytes the HFile's size
 * @param writeMBps raw megabytes per second written (encode, compress, write the file to the page cache)
 * @param readMBps raw megabytes per second read back from the page cache by an open reader (read, decompress,
 *     decode every cell)
 */
public record Trial(StorageOption option, long rawBytes, long storedBytes, double writeMBps, double readMBps) {
  public double ratio() {
    return storedBytes == 0 ? 0 : (double) rawBytes / storedBytes;
  }
}
