/*
 * The program behind bare-ucx-round-trips.txt (not part of the build; compiled by hand against turbo-bench's
 * classpath): UCX alone, round trips of a Get's sizes (120-byte request, 1,100-byte reply) between N client threads of
 * one JVM, each with a UCX worker of its own, and M server workers of another JVM, each answering inside its receive
 * callback; both sides park in UCX's wait for events whenever progress finds nothing, as the fast path does once
 * polling does not pay. Prints round trips a second and each JVM's CPU (from /proc) a round trip.
 *   java -cp CP WakeFloor server M DIR            (writes each worker's address and its pid into DIR)
 *   java -cp CP WakeFloor client N DIR M SECONDS
 */
import java.nio.ByteBuffer;
import java.nio.file.*;
import java.util.*;
import java.util.concurrent.atomic.*;
import org.hbaseturbo.transport.UcxRuntime;
import org.hbaseturbo.wire.fastpath.ChannelSettings.Transports;
import org.openucx.jucx.UcxUtils;
import org.openucx.jucx.ucp.*;
import org.openucx.jucx.ucs.UcsConstants;

public class WakeFloor {
  static long cpuTicks(long pid) throws Exception {
    String[] f = Files.readString(Path.of("/proc/" + pid + "/stat")).split("\\) ")[1].split(" ");
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }
  public static void main(String[] a) throws Exception {
    UcpContext ctx = UcxRuntime.openContext(new Transports("posix,cma", ""));
    if (a[0].equals("server")) {
      int m = Integer.parseInt(a[1]); Path dir = Path.of(a[2]);
      for (int i = 0; i < m; i++) {
        UcpWorker w = ctx.newWorker(new UcpWorkerParams().requestThreadSafety());
        ByteBuffer reply = ByteBuffer.allocateDirect(1100);
        w.setAmRecvHandler(0, (h, hl, d, sender) -> {
          sender.sendAmNonBlocking(1, 0, 0, UcxUtils.getAddress(reply), 1100, UcpConstants.UCP_AM_SEND_FLAG_EAGER, null);
          return UcsConstants.STATUS.UCS_OK; }, UcpConstants.UCP_AM_FLAG_WHOLE_MSG);
        ByteBuffer addr = w.getAddress(); byte[] b = new byte[addr.remaining()]; addr.get(b);
        Files.write(dir.resolve("w" + i), b);
        Thread t = new Thread(() -> { try { while (true) { if (w.progress() == 0) w.waitForEvents(); } } catch (Exception e) { e.printStackTrace(); } });
        t.start();
      }
      Files.writeString(dir.resolve("pid"), Long.toString(ProcessHandle.current().pid()));
      Thread.sleep(Long.MAX_VALUE);
    }
    int n = Integer.parseInt(a[1]); Path dir = Path.of(a[2]); int m = Integer.parseInt(a[3]); int seconds = Integer.parseInt(a[4]);
    long serverPid = Long.parseLong(Files.readString(dir.resolve("pid")));
    AtomicLong count = new AtomicLong(); AtomicBoolean measuring = new AtomicBoolean(); AtomicBoolean run = new AtomicBoolean(true);
    List<Thread> ts = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      byte[] addrBytes = Files.readAllBytes(dir.resolve("w" + (i % m)));
      ByteBuffer addr = ByteBuffer.allocateDirect(addrBytes.length).put(addrBytes).flip();
      Thread t = new Thread(() -> {
        UcpWorker w = ctx.newWorker(new UcpWorkerParams().requestThreadSafety());
        boolean[] got = new boolean[1];
        w.setAmRecvHandler(1, (h, hl, d, s) -> { got[0] = true; return UcsConstants.STATUS.UCS_OK; }, UcpConstants.UCP_AM_FLAG_WHOLE_MSG);
        UcpEndpoint ep = w.newEndpoint(new UcpEndpointParams().setUcpAddress(addr).setPeerErrorHandlingMode());
        ByteBuffer req = ByteBuffer.allocateDirect(120);
        try {
          while (run.get()) {
            got[0] = false;
            ep.sendAmNonBlocking(0, 0, 0, UcxUtils.getAddress(req), 120, UcpConstants.UCP_AM_SEND_FLAG_EAGER | UcpConstants.UCP_AM_SEND_FLAG_REPLY, null);
            while (!got[0]) { if (w.progress() == 0 && !got[0]) w.waitForEvents(); }
            if (measuring.get()) count.incrementAndGet();
          }
        } catch (Exception e) { e.printStackTrace(); }
      });
      t.setDaemon(true); t.start(); ts.add(t);
    }
    Thread.sleep(3000);
    long me = ProcessHandle.current().pid();
    long c0 = cpuTicks(me), s0 = cpuTicks(serverPid), t0 = System.nanoTime();
    measuring.set(true);
    Thread.sleep(seconds * 1000L);
    measuring.set(false);
    long c1 = cpuTicks(me), s1 = cpuTicks(serverPid), t1 = System.nanoTime();
    long ops = count.get(); double secs = (t1 - t0) / 1e9;
    System.out.printf("clients %d workers %d: %.0f round trips/s, CPU us per round trip client %.1f server %.1f total %.1f%n",
        n, m, ops / secs, (c1 - c0) * 1e4 / ops, (s1 - s0) * 1e4 / ops, ((c1 - c0) + (s1 - s0)) * 1e4 / ops);
    System.exit(0);
  }
}
