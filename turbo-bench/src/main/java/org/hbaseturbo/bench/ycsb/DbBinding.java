package org.hbaseturbo.bench.ycsb;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;
import org.hbaseturbo.common.InvalidInputException;
import site.ycsb.DB;

/** The YCSB bindings Turbo ships, by the name users give to {@code --db}. */
public enum DbBinding {
  /** The plain HBase client. */
  NATIVE(NativeHBaseClient.class),
  /** Scans through Prepared Scan, everything else through the plain client. */
  PREPARED(PreparedHBaseClient.class),
  /** Gets and Puts over the fast path, everything else through the plain client. */
  FASTPATH(FastPathHBaseClient.class),
  /** No server: YCSB's own work alone, what it costs any binding's client. */
  NONE(NoOpClient.class);

  private final Class<? extends DB> type;

  DbBinding(Class<? extends DB> type) {
    this.type = type;
  }

  public String className() {
    return type.getName();
  }

  public String userName() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static DbBinding of(String name) {
    return Arrays.stream(values()).filter(binding -> binding.userName().equals(name)).findFirst()
        .orElseThrow(() -> new InvalidInputException("unknown YCSB binding '" + name + "': expected one of "
            + Arrays.stream(values()).map(DbBinding::userName).collect(Collectors.joining(", "))));
  }
}
