package org.hbaseturbo.bench.compression;

import java.util.ArrayList;
import java.util.List;
import org.hbaseturbo.advisor.CodecSpeed;
import org.hbaseturbo.report.TextTable;

/** The compression report as a text table, with the block figures of the reference codecs. */
public final class CompressionTables {
  private CompressionTables() {
  }

  public static String render(CompressionReport report) {
    List<String[]> rows = new ArrayList<>();
    List<String> selects = report.results().get(0).selectSeconds().keySet().stream().toList();
    List<String> header = new ArrayList<>(List.of("codec", "inserts/s", "p50 us", "p99 us", "stored bytes",
        "vs NONE", "RS-reported MB"));
    selects.forEach(share -> header.add("select " + share + " s"));
    header.addAll(List.of("server CPU us/insert", "block ratio", "compress MB/s", "decompress MB/s"));
    rows.add(header.toArray(new String[0]));
    for (CodecResult result : report.results()) {
      List<String> row = new ArrayList<>(List.of(result.variant(), String.format("%,.0f", result.throughputOpsS()),
          String.format("%,.0f", result.latencyUs().p50()), String.format("%,.0f", result.latencyUs().p99()),
          result.storageBytes() == null ? "n/a" : String.format("%,d", result.storageBytes()),
          result.storageVsNone() == null ? "n/a" : String.format("%.3f", result.storageVsNone()),
          String.format("%.0f", result.storageReportedMb())));
      selects.forEach(share -> row.add(String.format("%.3f", result.selectSeconds().get(share))));
      row.add(result.serverCpuUsPerOp() == null ? "n/a" : String.format("%,.1f", result.serverCpuUsPerOp()));
      row.add(String.format("%.2f", result.blocks().ratio()));
      row.add(String.format("%,.0f", result.blocks().compressMBps()));
      row.add(String.format("%,.0f", result.blocks().decompressMBps()));
      rows.add(row.toArray(new String[0]));
    }
    return TextTable.render(rows, 0) + blockNotes(report);
  }

  /** The reference codecs' block figures, and ZSTD against GZ on blocks (the target: 2x GZ's speed). */
  private static String blockNotes(CompressionReport report) {
    StringBuilder notes = new StringBuilder();
    for (CodecSpeed reference : report.referenceBlocks()) {
      notes.append(String.format("reference, not in Turbo: %s (%s): block ratio %.2f, compress %,.0f MB/s,"
          + " decompress %,.0f MB/s%n", reference.codec(), reference.codecClass(), reference.ratio(),
          reference.compressMBps(), reference.decompressMBps()));
    }
    CodecSpeed gz = blocks(report, "GZ");
    CodecSpeed zstd = blocks(report, "ZSTD");
    if (gz != null && zstd != null) {
      notes.append(String.format("ZSTD vs GZ on blocks: ratio %.2f vs %.2f, compress %,.0f vs %,.0f MB/s"
          + " (%.2fx GZ's speed)%n", zstd.ratio(), gz.ratio(), zstd.compressMBps(), gz.compressMBps(),
          zstd.compressMBps() / gz.compressMBps()));
    }
    return notes.toString();
  }

  private static CodecSpeed blocks(CompressionReport report, String codec) {
    return report.results().stream().filter(result -> result.variant().equals(codec)).map(CodecResult::blocks)
        .findFirst().orElse(null);
  }
}
