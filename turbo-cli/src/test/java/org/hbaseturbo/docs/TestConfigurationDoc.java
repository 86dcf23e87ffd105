package org.hbaseturbo.docs;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code docs/configuration.md} and the code agree: every {@code turbo.*} key the main code defines is in the
 * document's tables, every key the document (and the README and the operating guide) names is in the code, and
 * where the document gives a default as a value, setting the key to it changes nothing in any of the code's
 * configuration classes (each a class with a static {@code from(Configuration)}).
 */
class TestConfigurationDoc {
  private static final Path ROOT = Path.of("..");
  private static final Path DOC = ROOT.resolve("docs/configuration.md");
  /** Documents that name keys in passing: each key they name must exist. */
  private static final List<Path> MENTIONING = List.of(ROOT.resolve("README.md"), ROOT.resolve("docs/operating.md"));
  /** Strings of the code that have a key's shape but are not keys, with what they are. */
  private static final Map<String, String> NOT_KEYS = Map.of("turbo.log", "the file name of HBase's log (TurboMain)");

  private static CodeKeys code;
  private static ConfigurationDoc doc;

  @BeforeAll
  static void read() throws IOException {
    code = CodeKeys.fromClasspath();
    doc = ConfigurationDoc.read(DOC);
  }

  @Test
  void theClassesOfEveryModuleWithCodeWereRead() throws IOException {
    Set<String> withCode = new TreeSet<>();
    try (var modules = Files.newDirectoryStream(ROOT, "turbo-*")) {
      for (Path module : modules) {
        if (Files.isDirectory(module.resolve("src/main/java"))) {
          withCode.add(module.getFileName().toString());
        }
      }
    }
    assertThat(withCode).isNotEmpty();
    assertThat(code.modules()).as("modules whose classes are on turbo-cli's test classpath").containsAll(withCode);
  }

  @Test
  void everyKeyOfTheCodeIsDocumented() {
    Set<String> documented = documentedKeys();
    List<String> missing = new ArrayList<>();
    for (String key : code.wholeKeys()) {
      if (!documented.contains(key) && !NOT_KEYS.containsKey(key)) {
        missing.add(key + " (" + code.where(key) + ")");
      }
    }
    assertThat(missing).as("keys the code defines that %s does not document", DOC).isEmpty();
    for (String prefix : code.prefixes()) {
      assertThat(documented).as("keys under the prefix %s (%s) in %s", prefix, code.where(prefix), DOC)
          .anyMatch(key -> key.startsWith(prefix));
    }
  }

  @Test
  void everyDocumentedKeyIsInTheCode() throws IOException {
    Map<String, String> unknown = new TreeMap<>();
    for (ConfigurationDoc.Row row : doc.rows()) {
      if (!code.wholeKeys().contains(row.key())) {
        unknown.put(row.key(), DOC + ":" + row.line());
      }
    }
    for (Path file : withDoc(MENTIONING)) {
      for (String key : ConfigurationDoc.read(file).mentioned()) {
        if (!code.wholeKeys().contains(key)) {
          unknown.put(key, file.toString());
        }
      }
    }
    assertThat(unknown).as("keys documented that no main class defines").isEmpty();
  }

  @Test
  void everyKeyIsDocumentedOnce() {
    Map<String, Long> rows = doc.rows().stream()
        .collect(Collectors.groupingBy(ConfigurationDoc.Row::key, TreeMap::new, Collectors.counting()));
    rows.values().removeIf(count -> count == 1);
    assertThat(rows).as("keys with more than one row in %s", DOC).isEmpty();
  }

  /**
   * A documented default that is a value (one code span) is the code's default: set explicitly, it leaves every
   * configuration class as it is without it. A default the document states in words (computed from the machine or
   * another key) is not checked here.
   */
  @Test
  void documentedDefaultsAreTheCodesDefaults() throws Exception {
    List<Method> readers = configurationReaders();
    assertThat(readers).as("configuration classes (a static from(Configuration)) holding turbo keys").isNotEmpty();
    Map<Method, Object> defaults = new HashMap<>();
    for (Method reader : readers) {
      defaults.put(reader, reader.invoke(null, HBaseConfiguration.create()));
    }
    List<String> wrong = new ArrayList<>();
    int checked = 0;
    for (ConfigurationDoc.Row row : doc.rows()) {
      Optional<String> value = row.literalDefault();
      if (value.isEmpty()) {
        continue;
      }
      Configuration conf = HBaseConfiguration.create();
      conf.set(row.key(), value.get());
      for (Method reader : readers) {
        String name = reader.getDeclaringClass().getSimpleName();
        try {
          Object read = reader.invoke(null, conf);
          if (!read.equals(defaults.get(reader))) {
            wrong.add(row.key() + " = " + value.get() + " (" + DOC + ":" + row.line() + ") makes " + name + " "
                + read + " instead of its default " + defaults.get(reader));
          }
        } catch (InvocationTargetException e) {
          wrong.add(row.key() + " = " + value.get() + " (" + DOC + ":" + row.line() + ") is refused by " + name + ": "
              + e.getCause().getMessage());
        }
      }
      checked++;
    }
    assertThat(checked).as("documented defaults given as values").isPositive();
    assertThat(wrong).as("documented defaults that are not the code's").isEmpty();
  }

  /**
   * The {@value ConfigurationDoc#UPDATE_CONFIG} column says, for every key a RegionServer reads, what the code does:
   * "restart" exactly for the keys a configuration class lists as read only at start (its {@code READ_AT_START}),
   * "re-read" for every other.
   */
  @Test
  void theUpdateConfigColumnIsWhatTheServersDo() throws Exception {
    Set<String> readAtStart = readAtStart();
    assertThat(readAtStart).as("keys the code reads only at start (READ_AT_START)").isNotEmpty();
    Map<String, Optional<String>> marks = new TreeMap<>();
    doc.rows().forEach(row -> marks.put(row.key(), row.updateConfig()));
    List<String> wrong = new ArrayList<>();
    for (String key : code.wholeKeys()) {
      boolean server = code.keys().get(key).stream().anyMatch(name -> name.startsWith("org.hbaseturbo.server."));
      if ((server || readAtStart.contains(key)) && marks.getOrDefault(key, Optional.empty()).isEmpty()) {
        wrong.add(key + " is read by RegionServers (" + code.where(key) + ") and has no "
            + ConfigurationDoc.UPDATE_CONFIG + " mark");
      }
    }
    for (ConfigurationDoc.Row row : doc.rows()) {
      if (row.updateConfig().isEmpty()) {
        continue;
      }
      String mark = row.updateConfig().get();
      String expected = readAtStart.contains(row.key()) ? "restart" : "re-read";
      if (!mark.equals(expected)) {
        wrong.add(row.key() + " is marked '" + mark + "' (" + DOC + ":" + row.line() + "); the code says '" + expected
            + "'");
      }
    }
    assertThat(wrong).as("update_config marks that are not what the code does").isEmpty();
  }

  /** Every key listed by a configuration class's static {@code READ_AT_START}. */
  private static Set<String> readAtStart() throws ReflectiveOperationException {
    Set<String> classes = new TreeSet<>();
    code.keys().values().forEach(classes::addAll);
    Set<String> keys = new TreeSet<>();
    for (String name : classes) {
      Class<?> type = Class.forName(name, false, TestConfigurationDoc.class.getClassLoader());
      for (var field : type.getDeclaredFields()) {
        if (field.getName().equals("READ_AT_START") && Modifier.isStatic(field.getModifiers())) {
          field.setAccessible(true);
          for (Object key : (List<?>) field.get(null)) {
            keys.add((String) key);
          }
        }
      }
    }
    return keys;
  }

  private static Set<String> documentedKeys() {
    return doc.rows().stream().map(ConfigurationDoc.Row::key).collect(Collectors.toCollection(TreeSet::new));
  }

  private static List<Path> withDoc(List<Path> files) {
    List<Path> all = new ArrayList<>(files);
    all.add(DOC);
    return all;
  }

  /** The static {@code from(Configuration)} of every class that holds a turbo key. */
  private static List<Method> configurationReaders() {
    Set<String> classes = new TreeSet<>();
    code.keys().values().forEach(classes::addAll);
    List<Method> readers = new ArrayList<>();
    for (String name : classes) {
      Method from;
      try {
        from = Class.forName(name, false, TestConfigurationDoc.class.getClassLoader())
            .getDeclaredMethod("from", Configuration.class);
      } catch (NoSuchMethodException e) {
        continue; // not a configuration class
      } catch (ClassNotFoundException | LinkageError e) {
        throw new AssertionError("cannot load " + name + ", which holds a turbo key", e);
      }
      if (Modifier.isStatic(from.getModifiers()) && from.getReturnType() != void.class) {
        from.setAccessible(true);
        readers.add(from);
      }
    }
    return readers;
  }
}
