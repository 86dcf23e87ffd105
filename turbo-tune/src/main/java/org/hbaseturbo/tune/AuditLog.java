package org.hbaseturbo.tune;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.hbaseturbo.tune.policy.Route;

/**
 * Every change {@code tune apply} and {@code tune rollback} made or planned, one JSON object per line, appended:
 * what rollback reads back, and what an operator audits.
 */
public final class AuditLog {
  /** An entry's status: made. */
  public static final String APPLIED = "applied";
  /** An entry's status: left to the operator, who has the plan. */
  public static final String PLANNED = "planned";
  /** An entry's status: what a dry run would have done. */
  public static final String DRY_RUN = "dry run";
  private static final ObjectMapper JSON = new ObjectMapper()
      .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

  private final Path file;

  public AuditLog(Path file) {
    this.file = file;
  }

  public Path file() {
    return file;
  }

  void append(List<Entry> entries) throws IOException {
    StringBuilder lines = new StringBuilder();
    for (Entry entry : entries) {
      lines.append(JSON.writeValueAsString(entry)).append('\n');
    }
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    Files.writeString(file, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
  }

  /** Every entry, oldest first; none when the log does not exist yet. */
  public List<Entry> read() throws IOException {
    List<Entry> entries = new ArrayList<>();
    if (!Files.exists(file)) {
      return entries;
    }
    int number = 0;
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      number++;
      if (line.isBlank()) {
        continue;
      }
      try {
        entries.add(JSON.readValue(line, Entry.class));
      } catch (IOException e) {
        throw new IOException(file + ", line " + number + ": not an audit entry: " + e.getMessage(), e);
      }
    }
    return entries;
  }

  /**
   * One change.
   *
   * @param time when, ISO-8601
   * @param change the apply or rollback it was part of
   * @param action "apply" or "rollback"
   * @param workloadClass the class whose policy it came from
   * @param target "table T", "family T:F" or "RegionServers"
   * @param key the setting (a descriptor key for table and family targets)
   * @param oldValue before; null when it was not set there
   * @param newValue after; null when the change removed it
   * @param status {@link #APPLIED}, {@link #PLANNED} or {@link #DRY_RUN}
   * @param by the user who ran it
   */
  public record Entry(String time, String change, String action, String workloadClass, String target, String key,
      String oldValue, String newValue, Route route, String status, String by) {
  }
}
