package org.hbaseturbo.bench.report;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hbaseturbo.bench.report.RatioTable.Metric;
import org.hbaseturbo.cluster.LinkDelayReport;
import org.hbaseturbo.report.JsonFiles;
import org.hbaseturbo.report.TextTable;

/**
 * One benchmark run at several links in turn, each on a cluster of its own, its ratios side by side: how a
 * capability's lead over its baseline moves from loopback to a link that bytes or round trips bind. Each link's ratios
 * are measured within that link's run, its variants run in turn run by run ({@link RatioTable}). The links ran one
 * after the other, so their absolute figures met different spells of a shared host: it is the ratios that compare.
 */
public final class LinkComparison {
  private final RatioTable table;
  private final List<LinkRun> runs;

  /**
   * One link's run.
   *
   * @param link the link's name ("loopback", "1gbit:200us")
   * @param report where its own report was written, relative to the comparison's
   */
  public record LinkRun(String link, Path report, BenchmarkReport result) {
  }

  /** The comparison as its JSON has it. */
  record Written(String benchmark, Map<String, Object> machine, Map<String, String> versions,
      Map<String, Object> parameters, List<LinkEntry> links) {
  }

  /** One link in the JSON: its report's file, its ratios ({@link RatioTable#ratios}) and its delays. */
  record LinkEntry(String link, String report, List<Map<String, Object>> ratios, List<LinkDelayReport> linkDelays) {
  }

  /** @param runs at least one, each of the same benchmark and variants, in the order they ran */
  public LinkComparison(RatioTable table, List<LinkRun> runs) {
    if (runs.isEmpty()) {
      throw new IllegalArgumentException("no link ran");
    }
    this.table = table;
    this.runs = List.copyOf(runs);
  }

  /**
   * A row per result of the first link's report (its group, clients, variant and bytes per operation over the
   * baseline's), and per link its throughput, and its throughput, CPU and p50 latency over the baseline's in that
   * link's run; then what each link's delays cost.
   */
  public String render() {
    List<String[]> rows = new ArrayList<>();
    // Bytes per operation on the servers hardly depend on the link: the first link's stand for all.
    List<String> header = new ArrayList<>(List.of(table.groupName(), "clients", "variant", "bytes x"));
    for (LinkRun run : runs) {
      header.addAll(List.of(run.link() + " " + table.operation() + "s/s", "x " + table.baseline(), "CPU x", "p50 x"));
    }
    rows.add(header.toArray(String[]::new));
    for (VariantResult first : runs.get(0).result().results()) {
      String[] name = first.variant().split(" ", 2);
      List<String> row = new ArrayList<>(List.of(name[0], String.valueOf(first.clients()), name[1],
          ratio(runs.get(0).result(), Optional.of(first), Metric.BYTES)));
      for (LinkRun run : runs) {
        Optional<VariantResult> same = run.result().results().stream()
            .filter(r -> r.variant().equals(first.variant()) && r.clients() == first.clients()).findFirst();
        row.add(same.map(r -> String.format("%,.0f", r.throughputOpsS())).orElse("n/a"));
        for (Metric metric : List.of(Metric.THROUGHPUT, Metric.CPU, Metric.LATENCY)) {
          row.add(ratio(run.result(), same, metric));
        }
      }
      rows.add(row.toArray(String[]::new));
    }
    StringBuilder text = new StringBuilder(TextTable.render(rows, 0, 2));
    text.append("x ").append(table.baseline()).append(": medians of run-by-run ratios within each link's run (each"
        + " link's own report has their ranges); the links ran one after the other, each on a cluster of its own\n");
    for (LinkRun run : runs) {
      delays(run.result().linkDelays()).ifPresent(cost -> text.append(run.link()).append(": ").append(cost)
          .append('\n'));
    }
    return text.toString();
  }

  /** Prints {@link #render} under {@code title} and writes the comparison's JSON to {@code json}. */
  public void write(String title, Path json, PrintWriter out) throws IOException {
    out.println();
    out.println(title);
    out.print(render());
    BenchmarkReport first = runs.get(0).result();
    Map<String, Object> parameters = new LinkedHashMap<>(first.parameters());
    parameters.put("link", runs.stream().map(LinkRun::link).toList());
    List<LinkEntry> links = runs.stream().map(run -> new LinkEntry(run.link(), run.report().toString(),
        table.ratios(run.result()), run.result().linkDelays())).toList();
    JsonFiles.write(json, new Written(first.benchmark(), first.machine(), first.versions(), parameters, links));
    out.println("report across links: " + json.toAbsolutePath());
    out.flush();
  }

  private String ratio(BenchmarkReport report, Optional<VariantResult> result, Metric metric) {
    return result.flatMap(r -> table.ratio(report, r, metric)).map(v -> String.format("%.2f", v)).orElse("n/a");
  }

  /** What a link's delays did over its run, all ends together; empty without a delay. */
  static Optional<String> delays(List<LinkDelayReport> delays) {
    if (delays.isEmpty()) {
      return Optional.empty();
    }
    long packets = delays.stream().mapToLong(LinkDelayReport::packets).sum();
    double cpu = delays.stream().mapToDouble(LinkDelayReport::cpuSeconds).sum();
    double late = packets == 0 ? 0
        : delays.stream().mapToDouble(d -> d.lateUsAverage() * d.packets()).sum() / packets;
    return Optional.of(String.format("%d delays held %,d packets, %.0f us late on average, at %.1f s of CPU"
        + " (%.0f us a packet), outside the CPU per operation above", delays.size(), packets, late, cpu,
        packets == 0 ? 0 : cpu * 1e6 / packets));
  }
}
