package org.hbaseturbo.common;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/** CPU time of this JVM process as the operating system accounts it: every thread, GC and JIT included. */
public final class ProcessCpu {
  private ProcessCpu() {
  }

  public static long nanos() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean withCpu) {
      long nanos = withCpu.getProcessCpuTime();
      if (nanos >= 0) {
        return nanos;
      }
    }
    throw new IllegalStateException("this JVM does not report process CPU time (" + os.getClass() + ")");
  }
}
