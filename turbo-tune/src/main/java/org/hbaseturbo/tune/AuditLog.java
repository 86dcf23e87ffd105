package org.hbaseturbo.tune;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hbase.TableName;
import org.hbaseturbo.tune.policy.Route;

/**
 * Every change {@code tune apply} and {@code tune rollback} made or planned, one JSON object per line, appended:
 * what rollback reads back, and what an operator audits. A change is written {@link Status#PENDING} before it is
 * made and again as {@link Status#APPLIED} or {@link Status#FAILED} after, so that a change the executor made and
 * could not record (it failed, or its process died, between the two) is still found by rollback: the latest line of a
 * value is its status.
 */
public final class AuditLog {
  /** An entry's status, written in the log as its label ("dry run"). */
  public enum Status {
    /** About to be made; a change that stays pending may have been made. */
    PENDING("pending"),
    /** Made. */
    APPLIED("applied"),
    /** Making it failed, perhaps after part of it was made ({@link Entry#detail} says why). */
    FAILED("failed"),
    /** Left to the operator, who has the plan. */
    PLANNED("planned"),
    /** Not taken, because the table was not as the step needs it ({@link Entry#detail} says why). */
    REFUSED("refused"),
    /**
     * A rollback's status for a change it leaves as it is, because it cannot be undone safely ({@link Entry#detail}
     * says why): a pre-split. Also a trial's verdict: the apply measured no worse than before it, and stays.
     */
    KEPT("kept"),
    /**
     * A trial's verdict: the apply measured worse than before it beyond the noise, and is rolled back (by the
     * rollback entries that follow it).
     */
    REVERTED("reverted"),
    /** A trial's outcome when the workload changed class before the trial ended: the apply stays, unjudged. */
    INCONCLUSIVE("inconclusive"),
    /**
     * A switch not applied, because the class's policy was reverted too recently ({@link Entry#detail}: until when).
     */
    HELD("held"),
    /** What a dry run would have done. */
    DRY_RUN("dry run");

    private final String label;

    Status(String label) {
      this.label = label;
    }

    /** As the log and the commands write it. */
    @JsonValue
    public String label() {
      return label;
    }

    /** The status a log line names. */
    @JsonCreator
    public static Status of(String label) {
      for (Status status : values()) {
        if (status.label.equals(label)) {
          return status;
        }
      }
      throw new IllegalArgumentException("not an audit status: '" + label + "'");
    }

    @Override
    public String toString() {
      return label;
    }
  }

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
    // Not through a link in its place: the log may be in a cluster's directory, written by root.
    Files.writeString(file, lines, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND,
        LinkOption.NOFOLLOW_LINKS);
  }

  /** Each value's latest line, in the order the values were first written: what is known of each now. */
  public List<Entry> latest() throws IOException {
    Map<ValueKey, Entry> latest = new LinkedHashMap<>();
    for (Entry entry : read()) {
      latest.put(entry.value(), entry);
    }
    return new ArrayList<>(latest.values());
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
   * @param action "apply", "rollback", or "trial": a judgment of an apply (the old value the baseline's throughput,
   *     the new one the trial's)
   * @param workloadClass the class whose policy it came from
   * @param target where the value is
   * @param key the setting (a descriptor key for table and family targets)
   * @param oldValue before; null when it was not set there
   * @param newValue after; null when the change removed it
   * @param route how the value reaches the servers; null for a trial's entry
   * @param status the step's, or a trial's {@link Status#KEPT}, {@link Status#REVERTED},
   *     {@link Status#INCONCLUSIVE}, {@link Status#HELD}
   * @param by the user who ran it
   * @param detail why it failed, was refused or kept, a trial's evidence; null otherwise
   */
  public record Entry(String time, String change, String action, String workloadClass, Target target, String key,
      String oldValue, String newValue, Route route, Status status, String by, String detail) {
    /** This entry at a later {@code time} with another status. */
    Entry withStatus(String time, Status status, String detail) {
      return new Entry(time, change, action, workloadClass, target, key, oldValue, newValue, route, status, by,
          detail);
    }

    /** What the entry is about, whatever its status: a change's lines about one value share it. */
    ValueKey value() {
      return new ValueKey(change, action, target, key);
    }
  }

  /** One value of one apply or rollback. */
  record ValueKey(String change, String action, Target target, String key) {
  }

  /** What a change is made to. */
  public enum Scope {
    TABLE, FAMILY, SERVERS
  }

  /**
   * Where a value is: a table's descriptor, a family's, or the RegionServers' settings.
   *
   * @param table the table's full name ({@code ns:t} outside the default namespace); null for the servers
   * @param family the family; null but for {@link Scope#FAMILY}
   */
  public record Target(Scope scope, String table, String family) {
    /** The RegionServers' settings. */
    public static final Target SERVERS = new Target(Scope.SERVERS, null, null);

    @JsonCreator(mode = JsonCreator.Mode.PROPERTIES)
    public Target(@JsonProperty("scope") Scope scope, @JsonProperty("table") String table,
        @JsonProperty("family") String family) {
      this.scope = scope;
      this.table = table;
      this.family = family;
    }

    public static Target table(TableName table) {
      return new Target(Scope.TABLE, table.getNameAsString(), null);
    }

    public static Target family(TableName table, String family) {
      return new Target(Scope.FAMILY, table.getNameAsString(), family);
    }

    /**
     * A target as logs before typed targets wrote it: "table T", "family T:F" or "RegionServers". A family name
     * cannot hold ':', so the last one ends a namespaced table's name.
     */
    @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
    static Target parse(String text) {
      if (text.equals("RegionServers")) {
        return SERVERS;
      }
      if (text.startsWith("table ")) {
        return new Target(Scope.TABLE, text.substring("table ".length()), null);
      }
      if (text.startsWith("family ") && text.lastIndexOf(':') > "family ".length()) {
        String name = text.substring("family ".length());
        return new Target(Scope.FAMILY, name.substring(0, name.lastIndexOf(':')),
            name.substring(name.lastIndexOf(':') + 1));
      }
      throw new IllegalArgumentException("not an audit target: '" + text
          + "' (expected 'table T', 'family T:F' or 'RegionServers')");
    }

    public TableName tableName() {
      return TableName.valueOf(table);
    }

    @Override
    public String toString() {
      return switch (scope) {
        case TABLE -> "table " + table;
        case FAMILY -> "family " + table + ":" + family;
        case SERVERS -> "RegionServers";
      };
    }
  }
}
