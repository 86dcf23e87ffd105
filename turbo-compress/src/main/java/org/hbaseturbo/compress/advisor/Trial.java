package org.hbaseturbo.compress.advisor;

/**
 * One storage option measured on the sample: an HFile written with it through HBase's own writer, and read
 * back through HBase's own reader with no block cache.
 *
 * @param rawBytes the sample's cells as KeyValues (key and value, no encoding, no compression)
 * @param storedBytes the HFile's size
 * @param writeMBps raw megabytes per second written (encode, compress, write to the page cache); median
 * @param readMBps raw megabytes per second read back (read, decompress, decode every cell); median
 */
public record Trial(StorageOption option, long rawBytes, long storedBytes, double writeMBps, double readMBps) {
  public double ratio() {
    return storedBytes == 0 ? 0 : (double) rawBytes / storedBytes;
  }
}
