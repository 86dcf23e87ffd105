package org.hbaseturbo.client.fastpath;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * UCX's own log, read for the transports it chose. jucx cannot ask an endpoint which transport it uses; UCX says
 * so itself at log level info, one line per endpoint configuration it creates, such as
 * {@code ucp_worker.c:1763 UCX INFO ep_cfg[0]: am(sysv/memory) ka(sysv/memory)} (active messages and keepalive
 * over System V shared memory); a worker logs its first endpoint so. UCX reads its log settings from the
 * environment when it loads, so the process whose endpoints are to be known must be started with
 * {@link #environment}.
 */
public final class UcxLog {
  private static final Pattern ENDPOINT_CONFIGURATION = Pattern.compile("(?:ep_cfg\\[\\d+\\]|cfg#\\d+):\\s*(.+)$");

  private final Path file;

  public UcxLog(Path file) {
    this.file = file;
  }

  /** The environment that makes UCX log at info level to {@code file} instead of stdout. */
  public static Map<String, String> environment(Path file) {
    return Map.of("UCX_LOG_LEVEL", "info", "UCX_LOG_FILE", file.toAbsolutePath().toString());
  }

  /**
   * What UCX chose for each endpoint configuration it created, in order, as it wrote it. UCX writes its log file
   * through a buffer that it flushes when the process ends: read it after that.
   */
  public List<String> endpointConfigurations() throws IOException {
    List<String> chosen = new ArrayList<>();
    if (!Files.exists(file)) {
      return chosen;
    }
    for (String line : Files.readAllLines(file, StandardCharsets.UTF_8)) {
      Matcher matcher = ENDPOINT_CONFIGURATION.matcher(line.trim());
      if (matcher.find()) {
        chosen.add(matcher.group(1).trim());
      }
    }
    return chosen;
  }
}
