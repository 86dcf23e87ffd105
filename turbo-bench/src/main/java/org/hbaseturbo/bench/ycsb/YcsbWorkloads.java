package org.hbaseturbo.bench.ycsb;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import org.hbaseturbo.common.InvalidInputException;

/** YCSB workloads: the core workloads A-F shipped with Turbo, or a user's workload file. */
public final class YcsbWorkloads {
  private static final List<String> NAMES = List.of("a", "b", "c", "d", "e", "f");

  private YcsbWorkloads() {
  }

  /**
   * The workload named {@code a}..{@code f} (any case), else the properties file at that path.
   *
   * @throws InvalidInputException when it is neither, or when the file's properties are not YCSB's
   */
  public static Properties resolve(String nameOrFile) {
    String name = nameOrFile.toLowerCase(Locale.ROOT);
    if (NAMES.contains(name)) {
      try (InputStream in = YcsbWorkloads.class.getResourceAsStream("workloads/workload" + name)) {
        return load(in);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the packaged workload " + name, e);
      }
    }
    Path file = Path.of(nameOrFile);
    if (!Files.isRegularFile(file)) {
      throw new InvalidInputException("unknown workload '" + nameOrFile + "': expected one of "
          + String.join(", ", NAMES) + " or the path of a YCSB workload file");
    }
    Properties props;
    try (InputStream in = Files.newInputStream(file)) {
      props = load(in);
    } catch (IOException e) {
      throw new InvalidInputException("cannot read workload file '" + file + "': " + e.getMessage(), e);
    }
    YcsbProperties.requireKnown(props.stringPropertyNames(), "in workload file '" + file + "'");
    return props;
  }

  private static Properties load(InputStream in) throws IOException {
    Properties props = new Properties();
    props.load(in);
    return props;
  }
}
