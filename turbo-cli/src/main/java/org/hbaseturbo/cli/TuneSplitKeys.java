package org.hbaseturbo.cli;

import java.nio.file.Path;
import java.util.Optional;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.tune.split.KeySample;
import org.hbaseturbo.tune.split.SplitKeys;
import org.hbaseturbo.tune.split.YcsbKeys;
import picocli.CommandLine.Option;

/** The keys an empty table will hold, which a bulk-load policy's pre-split cuts it by. */
final class TuneSplitKeys {
  static final String YCSB_HASHED = "ycsb-hashed";
  static final String YCSB_ORDERED = "ycsb-ordered";

  @Option(names = "--key-format", paramLabel = "FORMAT",
      description = {"The keys the table will hold, for the pre-split of an empty table that the BL policy asks for:"
          + " ycsb-hashed (YCSB's keys, 'user' and the hash of the record number: its default insertorder) or"
          + " ycsb-ordered (insertorder=ordered: 'user' and the number), for the records 0 to --key-count - 1."})
  String keyFormat;

  @Range(min = 1, max = 10_000_000_000L)
  @Option(names = "--key-count", paramLabel = "N",
      description = "With --key-format: the records the load will insert, YCSB's recordcount (1 to"
          + " 10,000,000,000).")
  Long keyCount;

  @Option(names = "--key-sample", paramLabel = "FILE",
      description = {"Instead of --key-format: a file of sample keys, one a line, as HBase prints keys (\\xNN for a"
          + " byte that is not printable); the pre-split cuts the table at the sample's quantiles."})
  Path keySample;

  /**
   * The keys given, checked before anything is read from the cluster; empty for none.
   *
   * @throws InvalidInputException naming the value that cannot be used and what was expected
   */
  Optional<SplitKeys> keys() {
    if (keyFormat != null && keySample != null) {
      throw new InvalidInputException("--key-format and --key-sample name the keys twice; give one of them");
    }
    if (keyCount != null && keyFormat == null) {
      throw new InvalidInputException("--key-count goes with --key-format; give --key-format " + YCSB_HASHED + " or "
          + YCSB_ORDERED + " too");
    }
    if (keySample != null) {
      return Optional.of(KeySample.read(keySample, "--key-sample"));
    }
    if (keyFormat == null) {
      return Optional.empty();
    }
    if (!keyFormat.equals(YCSB_HASHED) && !keyFormat.equals(YCSB_ORDERED)) {
      throw new InvalidInputException("--key-format '" + keyFormat + "' is not a key format; expected "
          + YCSB_HASHED + " or " + YCSB_ORDERED);
    }
    if (keyCount == null) {
      throw new InvalidInputException("--key-format " + keyFormat + " needs --key-count N, the records the load"
          + " will insert");
    }
    // YCSB's defaults: insertstart 0, zeropadding 1.
    return Optional.of(new YcsbKeys(0, keyCount, keyFormat.equals(YCSB_HASHED), 1));
  }
}
