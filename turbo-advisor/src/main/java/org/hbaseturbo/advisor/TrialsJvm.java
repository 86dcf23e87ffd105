package org.hbaseturbo.advisor;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.Cell;
import org.apache.hadoop.hbase.KeyValue;
import org.apache.hadoop.hbase.KeyValueUtil;
import org.hbaseturbo.compress.TurboCodecs;
import org.hbaseturbo.jvm.ChildJvm;

/**
 * Runs {@link HFileTrials} in a JVM of its own, and is that JVM's entry point.
 *
 * <p>Measured in the JVM that asks, the options' speeds depend on what else that JVM has run: an embedded cluster's
 * RegionServers read and write HFiles with the same HBase classes, so the code the JIT compiled for them, and the
 * order it compiled it in, favour some encodings and codecs over others; their garbage and threads add the rest.
 * In the benchmark of the advisor, whose JVM hosts the cluster, single options read 20% to 2x faster on the
 * sample than on the whole family (or slower), and the choices followed those differences; in a JVM that ran
 * nothing else, the same options kept their order from one size to the other. A RegionServer decoding one
 * family's blocks is closer to the latter.
 *
 * <p>The cells go over as a file of KeyValues, the configuration as XML; the child prints one line per progress
 * step and one per trial on its stdout.
 */
public final class TrialsJvm {
  private static final String CELLS = "cells.kv";
  private static final String CONF = "conf.xml";
  private static final String PROGRESS = "progress\t";
  private static final String TRIAL = "trial\t";
  private static final String FAILURE = "failure\t";

  private TrialsJvm() {
  }

  /**
   * Measures {@code options} on {@code cells} as {@link HFileTrials} does, in {@code jvms} JVMs in turn, each with
   * the plan's warm-up and timed passes; the cells and the configuration are written once for all of them.
   *
   * @param dir an empty directory for the cells, the configuration and the HFiles
   * @param progress told each JVM's steps, prefixed with the JVM ("JVM 1/3: timed pass 1/5: DIFF+GZ")
   * @return per JVM, the options' trials in their order
   */
  static List<List<Trial>> measure(Configuration conf, Path dir, int blockSize, TrialPlan plan, int jvms,
      List<Cell> cells, List<StorageOption> options, Consumer<String> progress) throws IOException {
    writeCells(dir.resolve(CELLS), cells);
    try (OutputStream out = Files.newOutputStream(dir.resolve(CONF))) {
      conf.writeXml(out);
    }
    List<String> args = List.of(dir.toString(), Integer.toString(blockSize), Integer.toString(plan.repeats()),
        Integer.toString(plan.warmUp().minPasses()), Long.toString(plan.warmUp().minTime().toMillis()),
        String.join(",", options.stream().map(StorageOption::toString).toList()));
    List<List<Trial>> perJvm = new ArrayList<>();
    for (int jvm = 1; jvm <= jvms; jvm++) {
      String prefix = "JVM " + jvm + "/" + jvms + ": ";
      perJvm.add(run(args, options.size(), step -> progress.accept(prefix + step)));
    }
    return perJvm;
  }

  /** One measuring JVM with {@code args} (see {@link #main}); its trials, as many as {@code options}. */
  private static List<Trial> run(List<String> args, int options, Consumer<String> progress) throws IOException {
    ChildJvm child = ChildJvm.start("the advisor's measurements", ChildJvm.command(TrialsJvm.class, args),
        ProcessBuilder.Redirect.PIPE, line -> true);
    List<Trial> trials = new ArrayList<>();
    String failure = null;
    try (BufferedReader lines = new BufferedReader(new InputStreamReader(child.stdout(), StandardCharsets.UTF_8))) {
      for (String line = lines.readLine(); line != null; line = lines.readLine()) {
        if (line.startsWith(PROGRESS)) {
          progress.accept(line.substring(PROGRESS.length()));
        } else if (line.startsWith(TRIAL)) {
          trials.add(parseTrial(line.substring(TRIAL.length())));
        } else if (line.startsWith(FAILURE)) {
          failure = line.substring(FAILURE.length());
        } else {
          // Not ours (a library printing to stdout): passed on rather than lost.
          System.out.println(line);
        }
      }
    }
    int exit = child.waitFor();
    if (failure != null) {
      throw new IOException("the advisor's measurements failed: " + failure);
    }
    if (exit != 0 || trials.size() != options) {
      throw new IOException("the advisor's measuring JVM ended with exit code " + exit + " after measuring "
          + trials.size() + " of " + options + " options; its errors are above");
    }
    return trials;
  }

  /** The child: args are the directory, block size, repeats, warm-up passes and milliseconds, and the options. */
  public static void main(String[] args) throws IOException {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    try {
      Path dir = Path.of(args[0]);
      Configuration conf = new Configuration(false);
      conf.addResource(new org.apache.hadoop.fs.Path(dir.resolve(CONF).toUri()));
      TurboCodecs.install();
      WarmUp warmUp = new WarmUp(Integer.parseInt(args[3]), Duration.ofMillis(Long.parseLong(args[4])));
      List<StorageOption> options = new ArrayList<>();
      for (String option : args[5].split(",")) {
        options.add(StorageOption.parse(option));
      }
      List<Trial> trials = new HFileTrials(conf, dir, Integer.parseInt(args[1]), Integer.parseInt(args[2]), warmUp)
          .measure(readCells(dir.resolve(CELLS)), options, step -> out.println(PROGRESS + step));
      for (Trial trial : trials) {
        out.println(TRIAL + trial.option() + "\t" + trial.rawBytes() + "\t" + trial.storedBytes() + "\t"
            + trial.writeMBps() + "\t" + trial.readMBps());
      }
    } catch (IOException | RuntimeException e) {
      // The message for the caller's exception; the trace for whoever reads stderr.
      String reason = e.getMessage() == null ? e.toString() : e.getMessage();
      out.println(FAILURE + reason.replace('\n', ' '));
      e.printStackTrace();
      System.exit(1);
    }
  }

  private static Trial parseTrial(String line) {
    String[] fields = line.split("\t");
    return new Trial(StorageOption.parse(fields[0]), Long.parseLong(fields[1]), Long.parseLong(fields[2]),
        Double.parseDouble(fields[3]), Double.parseDouble(fields[4]));
  }

  private static void writeCells(Path file, List<Cell> cells) throws IOException {
    try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file)))) {
      for (Cell cell : cells) {
        KeyValueUtil.write(cell instanceof KeyValue kv ? kv : KeyValueUtil.copyToNewKeyValue(cell), out);
      }
    }
  }

  private static List<Cell> readCells(Path file) throws IOException {
    List<Cell> cells = new ArrayList<>();
    try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
      while (true) {
        KeyValue cell;
        try {
          cell = KeyValueUtil.create(in);
        } catch (EOFException end) {
          return cells;
        }
        cells.add(cell);
      }
    }
  }
}
