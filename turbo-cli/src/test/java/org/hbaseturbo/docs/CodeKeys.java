package org.hbaseturbo.docs;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The {@code turbo.*} names the project's main code defines, found in the string constants of its compiled classes
 * on this JVM's classpath (each module's {@code target/classes} in a reactor build, its jar otherwise; test classes
 * left out). A name built at run time from parts would escape this; every key today is a literal or a compile-time
 * constant concatenation.
 *
 * @param keys each name, with the classes that hold it
 * @param modules the modules whose classes were read (a directory's module, or a jar's artifact)
 */
record CodeKeys(Map<String, Set<String>> keys, Set<String> modules) {
  /** A whole key: {@code turbo.} and dot-separated words of lower-case letters, digits and hyphens. */
  static final Pattern KEY = Pattern.compile("turbo(\\.[a-z0-9][a-z0-9-]*)+");
  private static final String PACKAGE = "org/hbaseturbo/";
  private static final Pattern VERSIONED_JAR = Pattern.compile("(.+?)-\\d[^/]*\\.jar");

  static CodeKeys fromClasspath() throws IOException {
    Map<String, Set<String>> keys = new TreeMap<>();
    Set<String> modules = new TreeSet<>();
    for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
      Path path = Path.of(entry).toAbsolutePath().normalize();
      if (path.endsWith("test-classes") || path.getFileName().toString().endsWith("-tests.jar")) {
        continue;
      }
      if (Files.isDirectory(path)) {
        if (readDirectory(path, keys) && path.endsWith(Path.of("target", "classes"))) {
          modules.add(path.getParent().getParent().getFileName().toString());
        }
      } else if (Files.isRegularFile(path) && readJar(path, keys)) {
        var jar = VERSIONED_JAR.matcher(path.getFileName().toString());
        modules.add(jar.matches() ? jar.group(1) : path.getFileName().toString());
      }
    }
    return new CodeKeys(keys, modules);
  }

  private static boolean readDirectory(Path root, Map<String, Set<String>> keys) throws IOException {
    Path dir = root.resolve(PACKAGE);
    if (!Files.isDirectory(dir)) {
      return false;
    }
    try (Stream<Path> files = Files.walk(dir)) {
      files.filter(file -> file.toString().endsWith(".class")).forEach(file -> {
        try {
          add(root.relativize(file).toString(), Files.readAllBytes(file), keys);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    }
    return true;
  }

  private static boolean readJar(Path path, Map<String, Set<String>> keys) throws IOException {
    boolean ours = false;
    try (JarFile jar = new JarFile(path.toFile())) {
      for (JarEntry entry : jar.stream().toList()) {
        if (entry.getName().startsWith(PACKAGE) && entry.getName().endsWith(".class")) {
          ours = true;
          try (InputStream in = jar.getInputStream(entry)) {
            add(entry.getName(), in.readAllBytes(), keys);
          }
        }
      }
    }
    return ours;
  }

  private static void add(String classFile, byte[] bytes, Map<String, Set<String>> keys) throws IOException {
    String className = classFile.replace(File.separatorChar, '/').replaceAll("\\.class$", "").replace('/', '.');
    for (String constant : ClassFileStrings.of(bytes)) {
      boolean prefix = constant.endsWith(".") && KEY.matcher(constant.substring(0, constant.length() - 1)).matches();
      if (prefix || KEY.matcher(constant).matches()) {
        keys.computeIfAbsent(constant, any -> new TreeSet<>()).add(className);
      }
    }
  }

  /** Whole keys, without the prefixes ({@code "turbo.fastpath.server."}) that compile-time constants are built of. */
  Set<String> wholeKeys() {
    Set<String> whole = new TreeSet<>(keys.keySet());
    whole.removeIf(key -> key.endsWith("."));
    return whole;
  }

  Set<String> prefixes() {
    Set<String> prefixes = new TreeSet<>(keys.keySet());
    prefixes.removeIf(key -> !key.endsWith("."));
    return prefixes;
  }

  /** The classes holding a key, as a test failure names them. */
  String where(String key) {
    return String.join(", ", keys.getOrDefault(key, Set.of()));
  }
}
