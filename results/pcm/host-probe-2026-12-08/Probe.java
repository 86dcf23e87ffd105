import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.SplittableRandom;

/** Experiment only: every 250 ms, a fixed unit of work, its thread CPU time in ns (memory part, arithmetic part). */
public class Probe {
  public static void main(String[] args) throws Exception {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    int n = 1 << 23; // 8M ints = 32 MB
    int[] next = new int[n];
    for (int i = 0; i < n; i++) next[i] = i;
    SplittableRandom r = new SplittableRandom(1);
    for (int i = n - 1; i > 0; i--) { int j = r.nextInt(i + 1); int t = next[i]; next[i] = next[j]; next[j] = t; }
    long sink = 0;
    int p = 0;
    while (true) {
      long c0 = mx.getCurrentThreadCpuTime();
      for (int k = 0; k < 10_000; k++) p = next[p];
      long c1 = mx.getCurrentThreadCpuTime();
      long x = p;
      for (int k = 0; k < 1_000_000; k++) x = x * 6364136223846793005L + 1442695040888963407L ^ (x >>> 17);
      long c2 = mx.getCurrentThreadCpuTime();
      sink += x;
      System.out.println(System.currentTimeMillis() + " " + (c1 - c0) + " " + (c2 - c1) + " " + (sink & 1));
      Thread.sleep(250);
    }
  }
}
