package org.hbaseturbo.bench.measure;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The kernel's own byte counters of established TCP sockets ({@code ss -tin}), keyed by local address, for
 * the sockets whose remote port is one of the given ports.
 */
final class KernelSocketCounters {
  private static final Pattern SENT = Pattern.compile("bytes_sent:(\\d+)");
  private static final Pattern RECEIVED = Pattern.compile("bytes_received:(\\d+)");

  record Counters(long sent, long received) {
  }

  private KernelSocketCounters() {
  }

  static Map<String, Counters> toRemotePorts(List<Integer> ports) throws IOException, InterruptedException {
    String filter = ports.stream().map(port -> "dport = :" + port).collect(Collectors.joining(" or ", "( ", " )"));
    Process ss = new ProcessBuilder("ss", "-tinH", "state", "established", filter).redirectErrorStream(true).start();
    String output = new String(ss.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    if (ss.waitFor() != 0) {
      throw new IOException("ss failed: " + output);
    }
    Map<String, Counters> sockets = new HashMap<>();
    String[] lines = output.split("\n");
    // ss prints each socket as an address line followed by an indented line of TCP_INFO fields.
    for (int i = 0; i + 1 < lines.length; i++) {
      if (lines[i].isBlank() || Character.isWhitespace(lines[i].charAt(0))) {
        continue;
      }
      String[] columns = lines[i].trim().split("\\s+");
      String info = lines[i + 1];
      sockets.put(columns[columns.length - 2], new Counters(value(SENT, info), value(RECEIVED, info)));
    }
    return sockets;
  }

  private static long value(Pattern pattern, String info) {
    Matcher matcher = pattern.matcher(info);
    return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
  }
}
