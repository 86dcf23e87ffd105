package org.hbaseturbo.bench.ycsb;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.hbaseturbo.common.Await;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.DB;
import site.ycsb.Workload;

/** A phase's end: at its time limit (YCSB's maxexecutiontime), or as soon as its stop file appears. */
class TestPhaseStop {
  /** Far above the 100 ms in which a phase notices its stop file: only a phase that ignores it waits this long. */
  private static final Duration NOTICED = Duration.ofSeconds(10);

  @Test
  void aPhaseStopsOnceItsStopFileAppearsLongBeforeItsTimeLimit(@TempDir Path dir) throws Exception {
    Path stop = dir.resolve("stop");
    Workload workload = new IdleWorkload();
    YcsbPhaseMain.stopAfter(workload, 3_600, Optional.of(stop));
    assertThat(workload.isStopRequested()).as("stopped with no stop file").isFalse();

    Files.writeString(stop, "");
    Await.until(NOTICED, "the phase to notice its stop file", workload::isStopRequested);
  }

  @Test
  void aPhaseWithAStopFileAndNoTimeLimitRunsUntilTheFileAppears(@TempDir Path dir) throws Exception {
    Path stop = dir.resolve("stop");
    Workload workload = new IdleWorkload();
    YcsbPhaseMain.stopAfter(workload, 0, Optional.of(stop));
    assertThat(workload.isStopRequested()).as("stopped with no stop file").isFalse();

    Files.writeString(stop, "");
    Await.until(NOTICED, "the phase to notice its stop file", workload::isStopRequested);
  }

  @Test
  void withoutAStopFileAPhaseStopsAtItsTimeLimit() throws Exception {
    Workload workload = new IdleWorkload();
    long start = System.nanoTime();
    YcsbPhaseMain.stopAfter(workload, 1, Optional.empty());
    Await.until(NOTICED, "the phase's time limit", workload::isStopRequested);
    assertThat(Duration.ofNanos(System.nanoTime() - start)).as("stopped before its time limit")
        .isGreaterThanOrEqualTo(Duration.ofSeconds(1));
  }

  /** A workload whose operations are never called: only its stop flag matters here. */
  private static final class IdleWorkload extends Workload {
    @Override
    public boolean doInsert(DB db, Object threadState) {
      throw new UnsupportedOperationException("no operation runs in this test");
    }

    @Override
    public boolean doTransaction(DB db, Object threadState) {
      throw new UnsupportedOperationException("no operation runs in this test");
    }
  }
}
