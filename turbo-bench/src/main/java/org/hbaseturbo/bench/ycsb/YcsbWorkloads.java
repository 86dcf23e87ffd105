package org.hbaseturbo.bench.ycsb;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.hbaseturbo.common.InvalidInputException;

/** YCSB workloads: the core workloads A-F shipped with Turbo, or a user's workload file. */
public final class YcsbWorkloads {
  private static final List<String> NAMES = List.of("a", "b", "c", "d", "e", "f");

  private YcsbWorkloads() {
  }

  /**
   * The workload named {@code a}..{@code f} (any case), else the properties file at that path.
   *
   * @throws InvalidInputException when it is neither, or when a line of the file is not a property YCSB
   *     knows with a value it takes ({@link YcsbProperties#requireValid}); the message names the file and line
   */
  public static Properties resolve(String nameOrFile) {
    String name = nameOrFile.toLowerCase(Locale.ROOT);
    if (NAMES.contains(name)) {
      try (InputStream in = YcsbWorkloads.class.getResourceAsStream("workloads/workload" + name)) {
        Properties props = new Properties();
        props.load(in);
        return props;
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the packaged workload " + name, e);
      }
    }
    Path file = Path.of(nameOrFile);
    if (!Files.isRegularFile(file)) {
      throw new InvalidInputException("unknown workload '" + nameOrFile + "': expected one of "
          + String.join(", ", NAMES) + " or the path of a YCSB workload file");
    }
    List<String> lines;
    try {
      // As Properties.load(InputStream), which YCSB reads workload files with: any byte is a character.
      lines = Files.readAllLines(file, StandardCharsets.ISO_8859_1);
    } catch (IOException e) {
      throw new InvalidInputException("cannot read workload file '" + file + "': " + e.getMessage(), e);
    }
    return parse(file, lines);
  }

  /**
   * The file's properties, read line by line as {@link Properties#load} reads them (comments, continuation
   * lines, escapes), so that a refusal can name the line.
   */
  private static Properties parse(Path file, List<String> lines) {
    Properties props = new Properties();
    for (int i = 0; i < lines.size(); i++) {
      int number = i + 1;
      StringBuilder line = new StringBuilder(lines.get(i));
      while (continues(line) && i + 1 < lines.size()) {
        line.setLength(line.length() - 1);
        line.append(lines.get(++i).stripLeading());
      }
      String text = line.toString().strip();
      if (text.isEmpty() || text.startsWith("#") || text.startsWith("!")) {
        continue;
      }
      Properties one = new Properties();
      try {
        one.load(new StringReader(line.toString()));
      } catch (IOException | IllegalArgumentException e) {
        throw malformed(file, number, text);
      }
      String where = "in workload file '" + file + "', line " + number;
      String key = one.stringPropertyNames().iterator().next();
      boolean separated = text.contains("=") || text.contains(":");
      if (key.isEmpty() || (!separated && !YcsbProperties.known().contains(key))) {
        throw malformed(file, number, text);
      }
      String value = one.getProperty(key);
      YcsbProperties.requireValid(key, value, where);
      props.setProperty(key, value);
    }
    return props;
  }

  /** Whether a line goes on on the next: it ends in an odd number of backslashes. */
  private static boolean continues(CharSequence line) {
    int backslashes = 0;
    for (int i = line.length() - 1; i >= 0 && line.charAt(i) == '\\'; i--) {
      backslashes++;
    }
    return backslashes % 2 == 1;
  }

  private static InvalidInputException malformed(Path file, int line, String text) {
    return new InvalidInputException("workload file '" + file + "', line " + line + ": expected NAME=VALUE, found '"
        + text + "'");
  }
}
