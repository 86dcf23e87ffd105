package org.hbaseturbo.cluster;

import java.io.BufferedReader;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;
import org.hbaseturbo.cluster.regime.CgroupDirectories;
import org.hbaseturbo.common.EveryStep;
import org.hbaseturbo.common.InvalidInputException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A fixed delay on what one network namespace sends through one device: an iptables rule hands each packet to a
 * netfilter queue, where {@code link-delay.py} (a resource beside this class, run by python3 in that namespace)
 * holds it for the delay and lets it go, in order. tc's netem would delay in the kernel; this machine's kernel, and
 * others built without {@code sch_netem}, have netfilter queues instead. The rule sits in {@code mangle OUTPUT}, so
 * it takes what the namespace itself sends and not what a bridge there forwards; its queue lets packets pass
 * undelayed when no program holds it ({@code --queue-bypass}), so that a delay that died cannot cut a link, and
 * {@link #close} then says so.
 *
 * <p>The program runs at real-time priority, or a loaded host's run queue makes its packets leave late. Each packet
 * costs CPU on this host (measured on a 2-core VM: about 45 us of a core with nothing else running, 105-120 us
 * beside a benchmark that keeps both cores busy): a bulk transfer's 64 KiB segments pass cheaply, a stream of small
 * requests does not (docs/operating.md, "A link's delay").
 */
public final class LinkDelay implements Closeable {
  private static final Logger LOG = LoggerFactory.getLogger(LinkDelay.class);
  private static final String PYTHON = "python3";
  private static final String PYTHON_MISSING = "is python3 installed? scripts/setup-host installs it";
  /** The comment on the rules in this machine's own namespace, after the launcher's pid. */
  private static final String COMMENT = "turbo-link-delay-";
  private static final Pattern STALE = Pattern.compile("--comment " + COMMENT + "([0-9]+) ");
  private static final long READY_SECONDS = 10;
  private static final long STOP_SECONDS = 5;
  private static Path script;

  private final List<String> where;
  private final List<String> rule;
  private final String device;
  private final Process process;
  private final CompletableFuture<String> output;
  private String said = "";

  private LinkDelay(List<String> where, List<String> rule, String device, Process process,
      CompletableFuture<String> output) {
    this.where = where;
    this.rule = rule;
    this.device = device;
    this.process = process;
    this.output = output;
  }

  /**
   * @throws InvalidInputException when this host cannot delay a link: no python3 or iptables, or not root
   */
  public static void requireUsable(String what) {
    if (!HostUser.ofThisProcess().isRoot()) {
      throw new InvalidInputException(what + " delays each packet through a netfilter queue, which needs root; this"
          + " runs as " + System.getProperty("user.name"));
    }
    try {
      HostCommand.run(List.of(PYTHON, "--version"), PYTHON_MISSING);
      HostCommand.run(List.of("iptables", "--version"), IptablesRules.MISSING);
    } catch (IOException e) {
      throw new InvalidInputException(what + " delays each packet through a netfilter queue: " + e.getMessage());
    }
  }

  /**
   * Delays what is sent through {@code device} by {@code delayMicros}.
   *
   * @param where the words a command runs under in the namespace: none for this machine's own
   * @param queue the netfilter queue's number, free in that namespace
   * @param launcher the pid of the JVM that owns the link: rules in this machine's own namespace carry it, so that a
   *     later launcher removes a dead one's ({@link #removeStale})
   */
  static LinkDelay start(List<String> where, String device, int queue, long delayMicros, long launcher)
      throws IOException {
    List<String> command = new ArrayList<>(where);
    command.addAll(List.of(PYTHON, script().toString(), Integer.toString(queue), Long.toString(delayMicros)));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(),
        StandardCharsets.UTF_8));
    String first = firstLine(reader, process, device);
    if (!"ready".equals(first)) {
      process.destroyForcibly();
      throw new IOException("the delay of " + device + " did not start: " + first);
    }
    CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> rest(reader));
    List<String> rule = List.of("OUTPUT", "-o", device, "-m", "comment", "--comment", COMMENT + launcher, "-j",
        "NFQUEUE", "--queue-num", Integer.toString(queue), "--queue-bypass");
    LinkDelay delay = new LinkDelay(where, rule, device, process, output);
    try {
      // First in the chain: a degraded link's delay takes its host's packets before the cluster's own delay does.
      delay.iptables("-I");
    } catch (IOException e) {
      delay.stop();
      throw e;
    }
    return delay;
  }

  /**
   * Takes the rule away, then stops the delay.
   *
   * @throws IOException when the delay had stopped before: what crossed the link since went undelayed
   */
  @Override
  public void close() throws IOException {
    if (!said.isEmpty()) {
      return;
    }
    boolean diedEarly = !process.isAlive();
    try {
      iptables("-D");
    } finally {
      said = "delay of " + device + ": " + stop();
    }
    if (diedEarly) {
      throw new IOException("the delay of " + device + " stopped before its link did, so packets crossed undelayed"
          + " after it: " + said);
    }
    LOG.info(said);
  }

  /**
   * What the delay said when it stopped: the packets it held, how late it let them go on average, its priority and
   * its CPU time. Empty until {@link #close}.
   */
  public String said() {
    return said;
  }

  /**
   * A netfilter queue in this machine's own namespace for launcher {@code launcher}'s {@code link}-th delay there
   * (0 or 1): other launchers' are most likely others, and {@link #start} says so where one is taken.
   */
  static int ownQueue(long launcher, int link) {
    return 1 + (int) ((launcher * 2 + link) % 65_000);
  }

  /** Closes each delay, the first failure thrown once all are closed, the later ones in it. */
  static void closeAll(List<LinkDelay> delays) throws IOException {
    EveryStep steps = new EveryStep();
    delays.forEach(delay -> steps.take(delay::close));
    steps.throwFirst();
  }

  /** Removes the rules in this machine's own namespace of launchers that are gone. */
  static void removeStale() throws IOException {
    IptablesRules.deleteEach(List.of(), "mangle", List.of("OUTPUT"),
        rule -> CgroupDirectories.ofLauncherGone(STALE.matcher(rule + " ")));
  }

  /** Stops the program (its report comes on SIGTERM) and returns what it printed after "ready". */
  private String stop() {
    // SIGTERM through the handle: Process.destroy would close the stream its report comes on.
    process.toHandle().destroy();
    try {
      if (!process.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
        process.destroyForcibly();
      }
      return output.get(STOP_SECONDS, TimeUnit.SECONDS).strip();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "(interrupted)";
    } catch (ExecutionException | TimeoutException e) {
      return "(its output could not be read: " + e + ")";
    }
  }

  private void iptables(String action) throws IOException {
    List<String> command = new ArrayList<>(where);
    command.addAll(List.of("iptables", "-w", "-t", "mangle", action));
    command.addAll(rule);
    HostCommand.run(command, IptablesRules.MISSING);
  }

  private static String firstLine(BufferedReader reader, Process process, String device) throws IOException {
    CompletableFuture<String> line = CompletableFuture.supplyAsync(() -> {
      try {
        String read = reader.readLine();
        if (read == null) {
          return "(it exited and said nothing)";
        }
        // A program that failed says why and exits: the rest of what it said ends there.
        return read.equals("ready") ? read : read + " " + rest(reader);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    });
    try {
      return line.get(READY_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
      throw new IOException("interrupted while the delay of " + device + " started", e);
    } catch (ExecutionException | TimeoutException e) {
      process.destroyForcibly();
      throw new IOException("the delay of " + device + " did not start within " + READY_SECONDS + " s", e);
    }
  }

  private static String rest(BufferedReader reader) {
    StringBuilder text = new StringBuilder();
    try {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        text.append(line).append('\n');
      }
    } catch (IOException e) {
      text.append("(").append(e.getMessage()).append(")");
    }
    return text.toString();
  }

  /** The program, written out once for this JVM: python3 runs a file, not a resource inside a jar. */
  private static synchronized Path script() throws IOException {
    if (script == null) {
      Path file = Files.createTempFile("turbo-link-delay", ".py");
      file.toFile().deleteOnExit();
      try (InputStream in = LinkDelay.class.getResourceAsStream("link-delay.py")) {
        if (in == null) {
          throw new IOException("link-delay.py is missing from turbo-cluster's jar");
        }
        Files.copy(in, file, StandardCopyOption.REPLACE_EXISTING);
      }
      script = file;
    }
    return script;
  }
}
