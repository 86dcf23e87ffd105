package org.hbaseturbo.report;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/** Rows of text cells as an aligned table: numbers right-aligned, the given text columns left-aligned. */
public final class TextTable {
  private TextTable() {
  }

  /** @param leftAligned indexes of the columns that hold text rather than numbers */
  public static String render(List<String[]> rows, int... leftAligned) {
    Set<Integer> left = IntStream.of(leftAligned).boxed().collect(Collectors.toSet());
    int columns = rows.stream().mapToInt(row -> row.length).max().orElse(0);
    int[] widths = new int[columns];
    for (String[] row : rows) {
      for (int i = 0; i < row.length; i++) {
        widths[i] = Math.max(widths[i], row[i].length());
      }
    }
    StringBuilder out = new StringBuilder();
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int i = 0; i < row.length; i++) {
        String format = (left.contains(i) ? "%-" : "%") + Math.max(1, widths[i]) + "s";
        line.append(String.format(format, row[i])).append("  ");
      }
      out.append(line.toString().stripTrailing()).append(System.lineSeparator());
    }
    return out.toString();
  }
}
