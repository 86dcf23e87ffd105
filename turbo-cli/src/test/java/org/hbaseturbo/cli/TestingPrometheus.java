package org.hbaseturbo.cli;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.hbaseturbo.common.Await;

/**
 * Turbo's figures as a RegionServer's info server prints them on {@code /prometheus}: each {@code turbo_*} line's
 * value, and its labels (a metrics2 source's tags, named in lower case).
 *
 * @param values each line's value by its name
 * @param labels each line's labels by its name
 */
record TestingPrometheus(Map<String, Double> values, Map<String, Map<String, String>> labels) {
  /** One line of HBase's Prometheus text: name, its labels, its value. */
  private static final Pattern LINE = Pattern.compile("^([a-z0-9_]+)\\{(.*)\\} (\\S+)$");
  /** One label: HBase writes tag values between double quotes without escaping (Turbo's contain none). */
  private static final Pattern LABEL = Pattern.compile("([a-z0-9_.]+)=\"([^\"]*)\"");
  private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

  /** The {@code turbo_*} lines of {@code info}'s {@code /prometheus} now. */
  static TestingPrometheus read(String info) throws IOException {
    Map<String, Double> values = new HashMap<>();
    Map<String, Map<String, String>> labels = new HashMap<>();
    for (String line : get(info + "/prometheus").split("\n")) {
      Matcher matcher = LINE.matcher(line);
      if (matcher.matches() && matcher.group(1).startsWith("turbo_")) {
        if (values.put(matcher.group(1), Double.parseDouble(matcher.group(3))) != null) {
          throw new AssertionError(matcher.group(1) + " printed twice: a source registered twice");
        }
        Map<String, String> of = new HashMap<>();
        Matcher label = LABEL.matcher(matcher.group(2));
        while (label.find()) {
          of.put(label.group(1), label.group(2));
        }
        labels.put(matcher.group(1), of);
      }
    }
    return new TestingPrometheus(values, labels);
  }

  /**
   * The first read of {@code info}'s {@code /prometheus} that has the line {@code name}: a read may come before the
   * info server serves, before the source is registered, or while HBase restarts Hadoop's metrics system, which runs
   * no source while it is stopped.
   *
   * @throws IOException naming the line once {@code bound} passed without it
   */
  static TestingPrometheus awaitLine(String info, String name, Duration bound) throws IOException {
    TestingPrometheus[] seen = new TestingPrometheus[1];
    Await.until(() -> {
      try {
        seen[0] = read(info);
      } catch (IOException notServingYet) {
        return false;
      }
      return seen[0].values().containsKey(name);
    }, bound, Duration.ofMillis(500), name + " on " + info, () -> new IOException("no " + name + " on " + info
        + "/prometheus after " + bound.toSeconds() + " s"));
    return seen[0];
  }

  static String get(String url) throws IOException {
    try {
      HttpResponse<String> response = HTTP.send(HttpRequest.newBuilder(URI.create(url))
          .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IOException(url + " answered " + response.statusCode() + ": " + response.body());
      }
      return response.body();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }
}
