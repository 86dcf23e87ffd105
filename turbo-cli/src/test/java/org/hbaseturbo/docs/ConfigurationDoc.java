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
 * then its default, then its meaning), and every key named in a code span anywhere in it.
 *
 * @param rows the table rows, in the order of the document
 * @param mentioned every code span that is a whole key
 */
record ConfigurationDoc(List<Row> rows, Set<String> mentioned) {
  /** A table row: {@code | `turbo.x` | default | meaning |}. */
  private static final Pattern ROW = Pattern.compile("^\\|\\s*`(turbo\\.[^`]*)`\\s*\\|([^|]*)\\|.*$");
  private static final Pattern CODE_SPAN = Pattern.compile("`([^`\\n]+)`");
  /** A default that is one code span and nothing else: the value to set, as the key's parser reads it. */
  private static final Pattern LITERAL = Pattern.compile("`([^`]*)`");

  /**
   * @param key the key
   * @param defaultCell the default column as written
   * @param line its line in the document
   */
  record Row(String key, String defaultCell, int line) {
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
    for (int i = 0; i < lines.size(); i++) {
      Matcher row = ROW.matcher(lines.get(i));
      if (row.matches()) {
        rows.add(new Row(row.group(1), row.group(2), i + 1));
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
}
