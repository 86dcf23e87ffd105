package org.hbaseturbo.bench;

import java.util.Map;
import org.hbaseturbo.bench.ycsb.DbBinding;

/**
 * How a variant's YCSB clients reach HBase: the binding they run and the binding's properties. The scan, codec and
 * fast-path benchmarks' variants are each one, and {@link InterleavedRuns} runs any of them.
 */
public interface ClientVariant {
  /** Its name in results and on the command line: "native", "prepared+fastpath", "fastpath-shm". */
  String label();

  /** The enum constant's name, which names each run's directory. */
  String name();

  DbBinding db();

  /** The binding's properties that make the variant. */
  Map<String, String> properties();
}
