import java.util.*;
import java.util.concurrent.*;
import java.util.concurrent.atomic.*;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hbase.*;
import org.apache.hadoop.hbase.client.*;

/** Throwaway experiment: one warm client JVM alternating short slices of random Gets (+ optional Puts) over two clusters. */
public class AaSlices {
  public static void main(String[] args) throws Exception {
    int threads = 4; int slices = Integer.parseInt(args[2]); long sliceMs = Long.parseLong(args[3]);
    long warmMs = Long.parseLong(args[4]); double updates = Double.parseDouble(args[5]);
    Connection[] conns = new Connection[2]; Table[][] tables = new Table[2][threads];
    List<byte[]> keys = new ArrayList<>();
    for (int c = 0; c < 2; c++) {
      Configuration conf = HBaseConfiguration.create();
      conf.addResource(new Path(args[c] + "/hbase-site.xml"));
      conns[c] = ConnectionFactory.createConnection(conf);
      String tn = System.getProperty("table" + c, "usertable");
      if (!tn.equals("usertable")) try (Admin admin = conns[c].getAdmin()) {
        if (!admin.tableExists(TableName.valueOf(tn))) { admin.snapshot("aa_snap", TableName.valueOf("usertable")); admin.cloneSnapshot("aa_snap", TableName.valueOf(tn)); admin.deleteSnapshot("aa_snap"); admin.majorCompact(TableName.valueOf(tn)); admin.majorCompact(TableName.valueOf("usertable")); }
      }
      for (int t = 0; t < threads; t++) tables[c][t] = conns[c].getTable(TableName.valueOf(tn));
    }
    try (ResultScanner s = tables[0][0].getScanner(new Scan().setFilter(new org.apache.hadoop.hbase.filter.KeyOnlyFilter()).setCaching(5000))) {
      for (Result r : s) keys.add(r.getRow());
    }
    System.out.println("keys " + keys.size());
    byte[] fam = "family".getBytes(); byte[] q = "field0".getBytes(); byte[] val = new byte[100];
    AtomicInteger target = new AtomicInteger(0); AtomicLong[] ops = {new AtomicLong(), new AtomicLong()};
    AtomicBoolean stop = new AtomicBoolean();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    for (int t = 0; t < threads; t++) {
      final int tt = t;
      pool.submit(() -> { ThreadLocalRandom r = ThreadLocalRandom.current();
        while (!stop.get()) { int c = target.get(); byte[] k = keys.get(r.nextInt(keys.size()));
          try { if (r.nextDouble() < updates) tables[c][tt].put(new Put(k).addColumn(fam, q, val)); else tables[c][tt].get(new Get(k)); ops[c].incrementAndGet(); }
          catch (Exception e) { e.printStackTrace(); } }
        return null; });
    }
    long end = System.currentTimeMillis() + warmMs; int c = 0;
    while (System.currentTimeMillis() < end) { target.set(c); Thread.sleep(sliceMs); c = 1 - c; }
    double[] rates = new double[slices]; int[] which = new int[slices];
    for (int i = 0; i < slices; i++) {
      int cl = ((i / 2) % 2 == 0) ? (i % 2) : 1 - (i % 2); // abba order
      target.set(cl); Thread.sleep(200); // let in-flight ops switch
      long before = ops[cl].get(); long t0 = System.nanoTime(); Thread.sleep(sliceMs);
      rates[i] = (ops[cl].get() - before) / ((System.nanoTime() - t0) / 1e9); which[i] = cl;
      System.out.printf("slice %d cluster %s %.0f ops/s%n", i, cl == 0 ? "a" : "b", rates[i]);
    }
    stop.set(true); pool.shutdown(); pool.awaitTermination(10, TimeUnit.SECONDS);
    List<Double> ratios = new ArrayList<>();
    for (int i = 0; i + 1 < slices; i += 2) {
      double a = which[i] == 0 ? rates[i] : rates[i + 1]; double b = which[i] == 0 ? rates[i + 1] : rates[i];
      ratios.add(b / a);
    }
    Collections.sort(ratios);
    System.out.println("pair ratios b/a sorted: " + ratios);
    System.out.printf("median %.4f  n=%d%n", ratios.get(ratios.size() / 2), ratios.size());
    for (Connection co : conns) co.close();
  }
}
