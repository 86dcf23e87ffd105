package org.hbaseturbo.cli;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Option names retired on 2026-11-30, when durations took units, read as the names that replaced them, so that
 * commands written before that day (in scripts, in {@code results/}, in issues) still run. A number alone is in the
 * unit the old name counted in, so every value means what it meant.
 *
 * <p>Names are replaced before picocli parses the line, up to {@code --}, in their two forms ({@code --run-seconds 5}
 * and {@code --run-seconds=5}); a value that is spelled like an old name is read as one too.
 */
final class RenamedOptions {
  private static final String RENAMED_ON = "2026-11-30";
  /** Each old name and its new one. */
  private static final Map<String, String> NEW_NAMES = Map.of(
      "--run-seconds", "--run-time",
      "--phase-seconds", "--phase-time",
      "--warmup-seconds", "--warmup-time",
      "--warmup-quiet-seconds", "--warmup-quiet",
      "--fastpath-seconds", "--fastpath-time");

  private final String[] args;
  private final Set<String> used;

  private RenamedOptions(String[] args, Set<String> used) {
    this.args = args;
    this.used = used;
  }

  /** The command line {@code given} with each old name replaced by its new one. */
  static RenamedOptions of(String[] given) {
    List<String> args = new ArrayList<>(given.length);
    Set<String> used = new LinkedHashSet<>();
    boolean options = true;
    for (String arg : given) {
      if (options && arg.equals("--")) {
        options = false;
      } else if (options) {
        int equals = arg.indexOf('=');
        String name = equals < 0 ? arg : arg.substring(0, equals);
        String newName = NEW_NAMES.get(name);
        if (newName != null) {
          used.add(name);
          arg = newName + (equals < 0 ? "" : arg.substring(equals));
        }
      }
      args.add(arg);
    }
    return new RenamedOptions(args.toArray(String[]::new), used);
  }

  /** The command line to parse: the new names in place of the old. */
  String[] args() {
    return args.clone();
  }

  /** What was read under another name, as a user is told it ("--run-seconds is read as --run-time, ..."). */
  Optional<String> note() {
    if (used.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(used.stream().map(name -> name + " is read as " + NEW_NAMES.get(name))
        .collect(Collectors.joining(", ")) + ", " + (used.size() == 1 ? "its name" : "their names") + " since "
        + RENAMED_ON);
  }
}
