package org.hbaseturbo.tune.split;

import java.util.List;

/** The keys a table will hold, as far as a pre-split needs them: where to cut it into equally full regions. */
public interface SplitKeys {
  /** Up to {@code regions - 1} increasing split points; fewer where the keys do not allow more. */
  List<byte[]> splitPoints(int regions);

  /** What the keys are, for messages and the audit log: "YCSB's hashed keys of 100,000 records". */
  String describe();
}
