package org.hbaseturbo.common;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.LongSupplier;
import java.util.stream.Stream;

/**
 * The CPU time this JVM's JIT compiler threads have taken, in milliseconds, from Linux's per-thread scheduler
 * statistics ({@code /proc/self/task/TID/schedstat}: nanoseconds on a CPU) of the threads HotSpot names
 * {@code C1 CompilerThreadN} and {@code C2 CompilerThreadN}. Unlike the {@code CompilationMXBean}'s total compilation
 * time, which grows only as each compile ends, by its wall time, this grows while a compile runs: with 16 client
 * threads on 2 cores, C2's compiles outlasted the one-second window, which so looked quiet while the compiler, its
 * queue still full, took a fifth of a core through the measured run. Compiler threads that ended (HotSpot starts and
 * stops them with the load) keep what they took, and a thread whose files cannot be read (one that is ending) counts
 * with what it was last seen at.
 */
public final class CompilerThreadCpu implements LongSupplier {
  /** What the kernel keeps of HotSpot's names: the first 15 characters. */
  private static final List<String> COMPILERS = List.of("C1 CompilerThre", "C2 CompilerThre");

  private final Path tasks;
  /** The nanoseconds each compiler thread seen had taken when last read, by thread id. */
  private final Map<String, Long> taken = new HashMap<>();

  /** @param tasks a process's threads: {@code /proc/PID/task} */
  CompilerThreadCpu(Path tasks) {
    this.tasks = tasks;
  }

  /** This JVM's compiler threads; empty where the kernel does not tell, or names none (an interpreter-only JVM). */
  public static Optional<CompilerThreadCpu> ofThisJvm() {
    CompilerThreadCpu cpu = new CompilerThreadCpu(Path.of("/proc/self/task"));
    try {
      return cpu.read() ? Optional.of(cpu) : Optional.empty();
    } catch (IOException | UncheckedIOException | NumberFormatException e) {
      return Optional.empty();
    }
  }

  /**
   * How busy this JVM's JIT has been, in milliseconds that only grow: its compiler threads' CPU ({@link #ofThisJvm});
   * where the kernel does not tell it, the {@code CompilationMXBean}'s compile time, which sees a compile only once it
   * ends; empty where the JVM measures neither.
   */
  public static Optional<LongSupplier> jitMillisOfThisJvm() {
    Optional<CompilerThreadCpu> threads = ofThisJvm();
    if (threads.isPresent()) {
      return Optional.of(threads.get());
    }
    CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
    if (compiler == null || !compiler.isCompilationTimeMonitoringSupported()) {
      return Optional.empty();
    }
    return Optional.of(compiler::getTotalCompilationTime);
  }

  /** Milliseconds the compiler threads seen so far have been on a CPU; any thread may call it. */
  @Override
  public synchronized long getAsLong() {
    try {
      read();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the JIT compiler threads' CPU time in " + tasks, e);
    }
    return taken.values().stream().mapToLong(Long::longValue).sum() / 1_000_000;
  }

  /** Reads every compiler thread's time; whether there is one. */
  private boolean read() throws IOException {
    try (Stream<Path> threads = Files.list(tasks)) {
      for (Path thread : (Iterable<Path>) threads::iterator) {
        try {
          String name = Files.readString(thread.resolve("comm")).strip();
          if (COMPILERS.stream().anyMatch(name::startsWith)) {
            String onCpu = Files.readString(thread.resolve("schedstat")).strip().split(" ", 2)[0];
            taken.merge(thread.getFileName().toString(), Long.parseLong(onCpu), Math::max);
          }
        } catch (IOException e) {
          // The thread ended since the listing (ENOENT), or is ending: Linux refuses a dying thread's files with
          // ESRCH, "No such process" (140 of 480,000 reads met it in a JVM whose threads ended all the time), and
          // the stats endpoint's call would fail with it.
        }
      }
    }
    return !taken.isEmpty();
  }
}
