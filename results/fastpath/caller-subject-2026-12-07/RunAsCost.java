import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.AccessController;
import java.security.PrivilegedAction;
import java.security.PrivilegedExceptionAction;
import java.util.Arrays;
import javax.security.auth.Subject;
import org.apache.hadoop.hbase.security.User;
import org.apache.hadoop.hbase.util.VersionInfo;

/**
 * What running a call as a user costs on one thread, 30 frames below its start as a worker's call is: HBase's
 * User.runAs (Hadoop's UGI.doAs, Subject.doAs) against Subject.doAsPrivileged with the user's Subject (the fast
 * path's Caller), each with a body that returns at once and one that asks User.getCurrent(). Prints JSON: each
 * round's microseconds a call, and their medians. Run with the RegionServer's classpath (see README.md).
 */
public class RunAsCost {
  private static final int CALLS = 200_000;
  private static final int ROUNDS = 7;
  static volatile Object sink;

  @SuppressWarnings("removal")
  public static void main(String[] args) throws Exception {
    User user = User.createUserForTesting(new org.apache.hadoop.conf.Configuration(), "alice", new String[] {"g"});
    Subject subject = user.getUGI().doAs((PrivilegedAction<Subject>) () ->
        Subject.getSubject(AccessController.getContext()));
    PrivilegedExceptionAction<Object> bare = () -> "x";
    PrivilegedExceptionAction<Object> current = () -> User.getCurrent().getName();
    String[] names = {"run_as_bare", "do_as_privileged_bare", "run_as_get_current", "do_as_privileged_get_current"};
    double[][] rounds = new double[names.length][ROUNDS];
    for (int round = 0; round < ROUNDS; round++) {
      int r = round;
      deep(30, () -> {
        rounds[0][r] = time(() -> user.runAs(bare));
        rounds[1][r] = time(() -> Subject.doAsPrivileged(subject, bare, null));
        rounds[2][r] = time(() -> user.runAs(current));
        rounds[3][r] = time(() -> Subject.doAsPrivileged(subject, current, null));
      });
    }
    StringBuilder json = new StringBuilder("{\n");
    json.append("  \"java\": \"").append(System.getProperty("java.vm.version")).append("\",\n");
    json.append("  \"hbase\": \"").append(VersionInfo.getVersion()).append("\",\n");
    json.append("  \"cpu\": \"").append(cpu()).append("\",\n");
    json.append("  \"cores\": ").append(Runtime.getRuntime().availableProcessors()).append(",\n");
    json.append("  \"jvm_args\": \"").append(String.join(" ",
        ManagementFactory.getRuntimeMXBean().getInputArguments())).append("\",\n");
    json.append("  \"calls_per_round\": ").append(CALLS).append(",\n");
    json.append("  \"stack_depth_below_the_call\": 30,\n");
    json.append("  \"runs_as\": \"").append(user.runAs(current)).append(" / ")
        .append(Subject.doAsPrivileged(subject, current, null)).append("\",\n");
    for (int i = 0; i < names.length; i++) {
      double[] sorted = rounds[i].clone();
      Arrays.sort(sorted);
      json.append("  \"").append(names[i]).append("_us_per_call\": {\"median\": ")
          .append(String.format("%.3f", sorted[ROUNDS / 2])).append(", \"rounds\": ")
          .append(Arrays.toString(Arrays.stream(rounds[i]).map(v -> Math.round(v * 1000) / 1000.0).toArray()))
          .append("}").append(i + 1 < names.length ? ",\n" : "\n");
    }
    System.out.println(json.append("}"));
  }

  private interface Body {
    Object run() throws Exception;
  }

  private static double time(Body body) {
    try {
      long start = System.nanoTime();
      for (int i = 0; i < CALLS; i++) {
        sink = body.run();
      }
      return (System.nanoTime() - start) / 1000.0 / CALLS;
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  private static String cpu() throws java.io.IOException {
    return Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(line -> line.startsWith("model name"))
        .map(line -> line.substring(line.indexOf(':') + 1).strip()).findFirst().orElse("unknown");
  }

  private static void deep(int frames, Runnable body) {
    if (frames == 0) {
      body.run();
    } else {
      deep(frames - 1, body);
    }
  }
}
