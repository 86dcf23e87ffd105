package org.hbaseturbo.server.workload;

import java.util.concurrent.atomic.LongAdder;

/** Operations clients asked of one table's regions in this JVM since it started, by type. */
final class TableOperationCounters {
  final LongAdder gets = new LongAdder();
  final LongAdder scans = new LongAdder();
  final LongAdder scanRows = new LongAdder();
  final LongAdder puts = new LongAdder();
  final LongAdder deletes = new LongAdder();
  final LongAdder increments = new LongAdder();
  final LongAdder appends = new LongAdder();
  final LongAdder bulkLoadedFiles = new LongAdder();
}
