import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.*;
import org.apache.hadoop.hbase.client.*;

/**
 * Throwaway experiment (issue 48, item 5): does running two arms at once, half the client threads on each, pair away
 * the host's bursts that alternating slices suffer? Args: CONF_DIR TABLE_A TABLE_B MODE(concurrent|alternating)
 * SLICES SLICE_MS WARM_MS THREADS_PER_ARM.
 */
public class AaConcurrent {
  public static void main(String[] args) throws Exception {
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(new Path(args[0] + "/hbase-site.xml"));
    String[] names = {args[1], args[2]};
    boolean concurrent = args[3].equals("concurrent");
    int slices = Integer.parseInt(args[4]);
    long sliceMs = Long.parseLong(args[5]);
    long warmMs = Long.parseLong(args[6]);
    int perArm = Integer.parseInt(args[7]);
    int threads = 2 * perArm;
    try (Connection conn = ConnectionFactory.createConnection(conf)) {
      List<byte[]> keys = new ArrayList<>();
      try (Table t = conn.getTable(TableName.valueOf(names[0]));
          ResultScanner s = t.getScanner(new Scan().setFilter(
              new org.apache.hadoop.hbase.filter.KeyOnlyFilter()).setCaching(5000))) {
        for (Result r : s) {
          keys.add(r.getRow());
        }
      }
      System.out.println("keys " + keys.size() + " mode " + args[3]);
      Table[][] tables = new Table[2][threads];
      for (int c = 0; c < 2; c++) {
        for (int t = 0; t < threads; t++) {
          tables[c][t] = conn.getTable(TableName.valueOf(names[c]));
        }
      }
      AtomicInteger target = new AtomicInteger(0);
      AtomicLong[] ops = {new AtomicLong(), new AtomicLong()};
      AtomicBoolean stop = new AtomicBoolean();
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      for (int t = 0; t < threads; t++) {
        final int tt = t;
        pool.submit(() -> {
          ThreadLocalRandom r = ThreadLocalRandom.current();
          while (!stop.get()) {
            int c = concurrent ? (tt < perArm ? 0 : 1) : target.get();
            byte[] k = keys.get(r.nextInt(keys.size()));
            try {
              tables[c][tt].get(new Get(k));
              ops[c].incrementAndGet();
            } catch (Exception e) {
              e.printStackTrace();
            }
          }
          return null;
        });
      }
      long end = System.currentTimeMillis() + warmMs;
      int w = 0;
      while (System.currentTimeMillis() < end) {
        target.set(w);
        Thread.sleep(sliceMs);
        w = 1 - w;
      }
      List<Double> ratios = new ArrayList<>();
      if (concurrent) {
        for (int i = 0; i < slices; i++) {
          long a0 = ops[0].get();
          long b0 = ops[1].get();
          long t0 = System.nanoTime();
          Thread.sleep(sliceMs);
          double secs = (System.nanoTime() - t0) / 1e9;
          double a = (ops[0].get() - a0) / secs;
          double b = (ops[1].get() - b0) / secs;
          ratios.add(b / a);
          System.out.printf("slice %d a %.0f b %.0f b/a %.4f%n", i, a, b, b / a);
        }
      } else {
        double[] rates = new double[slices];
        int[] which = new int[slices];
        for (int i = 0; i < slices; i++) {
          int cl = ((i / 2) % 2 == 0) ? (i % 2) : 1 - (i % 2);
          target.set(cl);
          Thread.sleep(200);
          long before = ops[cl].get();
          long t0 = System.nanoTime();
          Thread.sleep(sliceMs);
          rates[i] = (ops[cl].get() - before) / ((System.nanoTime() - t0) / 1e9);
          which[i] = cl;
          System.out.printf("slice %d arm %s %.0f ops/s%n", i, cl == 0 ? "a" : "b", rates[i]);
        }
        for (int i = 0; i + 1 < slices; i += 2) {
          double a = which[i] == 0 ? rates[i] : rates[i + 1];
          double b = which[i] == 0 ? rates[i + 1] : rates[i];
          ratios.add(b / a);
        }
      }
      stop.set(true);
      pool.shutdown();
      pool.awaitTermination(10, TimeUnit.SECONDS);
      double mean = ratios.stream().mapToDouble(d -> d).average().orElse(Double.NaN);
      double sd = Math.sqrt(ratios.stream().mapToDouble(d -> (d - mean) * (d - mean)).sum() / (ratios.size() - 1));
      List<Double> sorted = new ArrayList<>(ratios);
      Collections.sort(sorted);
      System.out.printf("%s %s/%s: n=%d median %.4f mean %.4f sd %.4f min %.4f max %.4f stderr(mean) %.4f%n",
          args[3], names[1], names[0], ratios.size(), sorted.get(sorted.size() / 2), mean, sd, sorted.get(0),
          sorted.get(sorted.size() - 1), sd / Math.sqrt(ratios.size()));
    }
  }
}
