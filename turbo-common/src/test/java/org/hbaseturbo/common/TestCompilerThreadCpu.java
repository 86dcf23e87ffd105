package org.hbaseturbo.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestCompilerThreadCpu {
  @TempDir
  Path tasks;

  @Test
  void sumsTheCompilerThreadsTimeOnACpuAndKeepsWhatEndedThreadsTook() throws IOException {
    thread("101", "C2 CompilerThre", 1_500_000_000L);
    thread("102", "C1 CompilerThre", 20_000_000L);
    thread("103", "ycsb-client-0", 9_000_000_000L);
    CompilerThreadCpu cpu = new CompilerThreadCpu(tasks);
    assertThat(cpu.getAsLong()).isEqualTo(1_520);

    // C2 compiles on, C1's thread ends (HotSpot stops idle ones), another C2 thread starts.
    thread("101", "C2 CompilerThre", 2_500_000_000L);
    deleteThread("102");
    thread("104", "C2 CompilerThre", 7_000_000L);
    assertThat(cpu.getAsLong()).isEqualTo(2_527);
  }

  @Test
  void thisJvmOnLinuxHasCompilerThreadsWhoseTimeOnlyGrows() {
    assumeThat(Files.isDirectory(Path.of("/proc/self/task"))).as("a Linux kernel's /proc").isTrue();
    Optional<CompilerThreadCpu> cpu = CompilerThreadCpu.ofThisJvm();
    assertThat(cpu).isPresent();
    long first = cpu.get().getAsLong();
    assertThat(cpu.get().getAsLong()).isGreaterThanOrEqualTo(first);
    // What the warm-ups and the stats endpoint read: the threads' CPU, not the bean's compile time.
    assertThat(CompilerThreadCpu.jitMillisOfThisJvm()).isPresent().get().isInstanceOf(CompilerThreadCpu.class);
  }

  @Test
  void aThreadWhoseFilesCannotBeReadCountsWithWhatItWasLastSeenAt() throws IOException {
    thread("101", "C2 CompilerThre", 1_500_000_000L);
    thread("102", "C1 CompilerThre", 20_000_000L);
    CompilerThreadCpu cpu = new CompilerThreadCpu(tasks);
    assertThat(cpu.getAsLong()).isEqualTo(1_520);

    // A file whose read fails, as a dying thread's do (ESRCH), beside a thread that goes on.
    Files.delete(tasks.resolve("102").resolve("schedstat"));
    Files.createDirectory(tasks.resolve("102").resolve("schedstat"));
    thread("101", "C2 CompilerThre", 2_500_000_000L);
    assertThat(cpu.getAsLong()).isEqualTo(2_520);
  }

  /**
   * The race that would fail a stats call: threads ending while this JVM's are read. Bounded to two seconds; before the
   * fix, such a run met a dying thread's refused read about seven times a second on a 2-core host.
   */
  @Test
  void thisJvmIsReadWhileItsThreadsEnd() throws InterruptedException {
    assumeThat(Files.isDirectory(Path.of("/proc/self/task"))).as("a Linux kernel's /proc").isTrue();
    CompilerThreadCpu cpu = CompilerThreadCpu.ofThisJvm().orElseThrow();
    AtomicBoolean reading = new AtomicBoolean(true);
    Thread churn = new Thread(() -> {
      while (reading.get()) {
        new Thread(() -> { }).start();
      }
    }, "thread-churn");
    churn.start();
    try {
      long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(2);
      long last = 0;
      while (System.nanoTime() < end) {
        long now = cpu.getAsLong();
        assertThat(now).isGreaterThanOrEqualTo(last);
        last = now;
      }
    } finally {
      reading.set(false);
      churn.join();
    }
  }

  @Test
  void noCompilerThreadMeansNoReading() throws IOException {
    thread("103", "main", 1_000L);
    assertThat(new CompilerThreadCpu(tasks).getAsLong()).isZero();
  }

  private void thread(String tid, String comm, long onCpuNanos) throws IOException {
    Path dir = Files.createDirectories(tasks.resolve(tid));
    Files.writeString(dir.resolve("comm"), comm + "\n");
    Files.writeString(dir.resolve("schedstat"), onCpuNanos + " 4711 12\n");
  }

  private void deleteThread(String tid) throws IOException {
    Files.delete(tasks.resolve(tid).resolve("comm"));
    Files.delete(tasks.resolve(tid).resolve("schedstat"));
    Files.delete(tasks.resolve(tid));
  }
}
