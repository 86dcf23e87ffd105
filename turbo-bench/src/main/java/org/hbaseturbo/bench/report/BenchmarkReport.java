package org.hbaseturbo.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** A benchmark's results with what is needed to repeat and judge them: machine, versions, parameters. */
public record BenchmarkReport(String benchmark, Map<String, Object> machine, Map<String, String> versions,
    Map<String, Object> parameters, List<VariantResult> results) {

  private static final ObjectMapper JSON = new ObjectMapper()
      .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
      .enable(SerializationFeature.INDENT_OUTPUT);

  public void writeJson(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    JSON.writeValue(file.toFile(), this);
  }

  public static BenchmarkReport readJson(Path file) throws IOException {
    return JSON.readValue(file.toFile(), BenchmarkReport.class);
  }
}
