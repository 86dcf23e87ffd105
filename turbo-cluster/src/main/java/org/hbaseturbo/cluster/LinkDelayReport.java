package org.hbaseturbo.cluster;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one end of a delayed link did while it ran, read from what its delay said when it stopped
 * ({@link LinkDelay#said}). A benchmark keeps it in its JSON report: the delay's CPU is spent on the benchmark's host
 * but outside the client and server JVMs whose CPU the report counts per operation.
 *
 * @param device the device whose packets it held
 * @param packets how many it held
 * @param delayUs how long it held each
 * @param lateUsAverage how much later than due it let them go, on average
 * @param realTime whether it ran at real-time priority (refused, its packets leave later on a loaded host)
 * @param cpuSeconds its CPU time, user and system, from its start to its stop
 */
public record LinkDelayReport(String device, long packets, long delayUs, double lateUsAverage, boolean realTime,
    double cpuSeconds) {
  private static final Pattern SAID = Pattern.compile("delay of (\\S+): held ([0-9]+) packets ([0-9]+) us each, let go"
      + " ([0-9.]+) us late on average, (.+) priority, ([0-9.]+) s of CPU");

  /** The report in {@code said}; empty where the delay said something else: it failed, or was not read. */
  public static Optional<LinkDelayReport> of(String said) {
    Matcher matcher = SAID.matcher(said);
    if (!matcher.matches()) {
      return Optional.empty();
    }
    return Optional.of(new LinkDelayReport(matcher.group(1), Long.parseLong(matcher.group(2)),
        Long.parseLong(matcher.group(3)), Double.parseDouble(matcher.group(4)), matcher.group(5).equals("real-time"),
        Double.parseDouble(matcher.group(6))));
  }

  /** Its CPU time per packet held, in microseconds; 0 when it held none. */
  public double cpuUsPerPacket() {
    return packets == 0 ? 0 : cpuSeconds * 1e6 / packets;
  }
}
