package org.hbaseturbo.docs;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a Markdown document says about {@code turbo.*} keys: the rows of its tables that start with a key (the key,
 * then its default, then, in the RegionServer's tables, whether {@code update_config} re-reads it, then its meaning),
 * and every key named in a code span anywhere in it.
 *
 * @param rows the table rows, in the order of the document
 * @param mentioned every code span that is a whole key
 */
record ConfigurationDoc(List<Row> rows, Set<String> mentioned) {
  /** A table row: {@code | `turbo.x` | default | meaning |}. */
  private static final Pattern ROW = Pattern.compile("^\\|\\s*`(turbo\\.[^`]*)`\\s*\\|([^|]*)\\|.*$");
  /** A table's header: its column names. */
  private static final Pattern HEADER = Pattern.compile("^\\|\\s*key\\s*\\|.*\\|$");
  /** The column saying whether {@code update_config} re-reads a key. */
  static final String UPDATE_CONFIG = "update_config";
  private static final Pattern CODE_SPAN = Pattern.compile("`([^`\\n]+)`");
  /** A default that is one code span and nothing else: the value to set, as the key's parser reads it. */
  private static final Pattern LITERAL = Pattern.compile("`([^`]*)`");

  /**
   * @param key the key
   * @param defaultCell the default column as written
   * @param updateConfig the {@value #UPDATE_CONFIG} column as written, empty where the table has none
   * @param line its line in the document
   */
  record Row(String key, String defaultCell, Optional<String> updateConfig, int line) {
    /** The default as a value the code parses, where the cell is exactly one code span (not prose). */
    Optional<String> literalDefault() {
      Matcher literal = LITERAL.matcher(defaultCell.trim());
      return literal.matches() ? Optional.of(literal.group(1)) : Optional.empty();
    }
  }

  static ConfigurationDoc read(Path file) throws IOException {
    List<Row> rows = new ArrayList<>();
    Set<String> mentioned = new TreeSet<>();
    List<String> lines = Files.readAllLines(file);
    int updateConfigColumn = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (HEADER.matcher(lines.get(i)).matches()) {
        updateConfigColumn = cells(lines.get(i)).indexOf(UPDATE_CONFIG);
      }
      Matcher row = ROW.matcher(lines.get(i));
      if (row.matches()) {
        List<String> cells = cells(lines.get(i));
        rows.add(new Row(row.group(1), row.group(2), updateConfigColumn < 0 ? Optional.empty()
            : Optional.of(cells.get(updateConfigColumn)), i + 1));
      }
      Matcher span = CODE_SPAN.matcher(lines.get(i));
      while (span.find()) {
        if (CodeKeys.KEY.matcher(span.group(1)).matches()) {
          mentioned.add(span.group(1));
        }
      }
    }
    return new ConfigurationDoc(rows, mentioned);
  }

  /** A table line's cells, trimmed (no cell of these tables holds a {@code |}). */
  private static List<String> cells(String line) {
    String inner = line.strip();
    return List.of(inner.substring(1, inner.length() - 1).split("\\|", -1)).stream().map(String::strip).toList();
  }
}
