package org.hbaseturbo.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The JSON form of every report Turbo writes: snake_case names, indented. */
public final class JsonFiles {
  private static final ObjectMapper JSON = new ObjectMapper()
      .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
      .enable(SerializationFeature.INDENT_OUTPUT);

  private JsonFiles() {
  }

  public static void write(Path file, Object value) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    Files.createDirectories(parent);
    JSON.writeValue(file.toFile(), value);
  }

  public static <T> T read(Path file, Class<T> type) throws IOException {
    return JSON.readValue(file.toFile(), type);
  }
}
