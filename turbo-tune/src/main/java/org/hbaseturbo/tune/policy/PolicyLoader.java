package org.hbaseturbo.tune.policy;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.tune.WorkloadClass;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;

/**
 * Reads policy files: YAML with {@code class}, {@code source}, {@code heap_gb}, an optional
 * {@code presplit_regions_per_server} and {@code settings} (see the shipped ones under
 * {@code org/hbaseturbo/tune/policy}). Everything is checked as it loads, and an error names the file, the line
 * and the key; a policy that loads is then checked again for each cluster it is evaluated for.
 */
public final class PolicyLoader {
  private static final String SHIPPED = "/org/hbaseturbo/tune/policy/";
  private static final Set<String> FIELDS = Set.of("class", "source", "heap_gb", "presplit_regions_per_server",
      "settings");
  /** Clusters every policy must evaluate for when it loads: small and large hosts, one or more servers each. */
  private static final List<PolicyEnvironment> CHECKED_FOR = List.of(new PolicyEnvironment(4, 1, 1, 1e9, 4),
      new PolicyEnvironment(24, 2, 2, 1e9, 8), new PolicyEnvironment(64, 9, 1, 1e12, 36),
      new PolicyEnvironment(256, 36, 4, 1e13, 144));

  private PolicyLoader() {
  }

  /** The policies that ship with Turbo, one per workload class but idle: the PCM paper's Tables IV-VI. */
  public static Map<WorkloadClass, Policy> shipped() {
    Map<WorkloadClass, Policy> policies = new TreeMap<>();
    for (WorkloadClass workloadClass : WorkloadClass.values()) {
      if (workloadClass == WorkloadClass.IDLE) {
        continue;
      }
      String name = workloadClass.label() + ".yaml";
      try (InputStream in = PolicyLoader.class.getResourceAsStream(SHIPPED + name)) {
        if (in == null) {
          throw new IllegalStateException("no shipped policy " + name);
        }
        policies.put(workloadClass, read(new InputStreamReader(in, StandardCharsets.UTF_8), name));
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    }
    return policies;
  }

  /**
   * The shipped policies, with those of {@code fileOrDirectory} (a policy file, or a directory of {@code .yaml}
   * files) in place of the shipped ones for the same class.
   *
   * @throws InvalidInputException naming the file, line and key of the first problem
   */
  public static Map<WorkloadClass, Policy> withOverrides(Path fileOrDirectory) throws IOException {
    Map<WorkloadClass, Policy> policies = shipped();
    policies.putAll(files(fileOrDirectory, "--policy"));
    return policies;
  }

  /**
   * The policies of {@code fileOrDirectory} alone (a policy file, or a directory of {@code .yaml} files), by class.
   *
   * @param option the command-line option that named it, for the errors
   * @throws InvalidInputException naming the option, the file, line and key of the first problem
   */
  public static Map<WorkloadClass, Policy> files(Path fileOrDirectory, String option) throws IOException {
    Map<WorkloadClass, Policy> policies = new TreeMap<>();
    List<Path> files = new ArrayList<>();
    if (Files.isDirectory(fileOrDirectory)) {
      try (Stream<Path> list = Files.list(fileOrDirectory)) {
        list.filter(file -> file.toString().endsWith(".yaml") || file.toString().endsWith(".yml")).sorted()
            .forEach(files::add);
      }
      if (files.isEmpty()) {
        throw new InvalidInputException(option + " " + fileOrDirectory + ": no .yaml policy files in it");
      }
    } else if (Files.isRegularFile(fileOrDirectory)) {
      files.add(fileOrDirectory);
    } else {
      throw new InvalidInputException(option + " " + fileOrDirectory + ": no such file or directory");
    }
    for (Path file : files) {
      try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
        Policy policy = read(in, file.toString());
        policies.put(policy.workloadClass(), policy);
      }
    }
    return policies;
  }

  /** @throws InvalidInputException naming {@code file}, the line and the key of the first problem */
  static Policy read(Reader in, String file) {
    Node root;
    try {
      root = new Yaml(new SafeConstructor(new LoaderOptions())).compose(in);
    } catch (MarkedYAMLException e) {
      throw new InvalidInputException(file + ", line " + (e.getProblemMark().getLine() + 1) + ": not YAML: "
          + e.getProblem());
    } catch (RuntimeException e) {
      throw new InvalidInputException(file + ": not YAML: " + e.getMessage());
    }
    if (!(root instanceof MappingNode mapping)) {
      throw new InvalidInputException(file + ": expected a mapping of " + String.join(", ", new java.util.TreeSet<>(
          FIELDS)));
    }
    Map<String, NodeTuple> fields = new LinkedHashMap<>();
    for (NodeTuple tuple : mapping.getValue()) {
      String key = scalar(tuple.getKeyNode(), file, "a field name");
      if (!FIELDS.contains(key)) {
        throw error(file, tuple.getKeyNode(), "unknown field '" + key + "'; expected one of "
            + String.join(", ", new java.util.TreeSet<>(FIELDS)));
      }
      fields.put(key, tuple);
    }
    for (String required : List.of("class", "heap_gb", "settings")) {
      if (!fields.containsKey(required)) {
        throw new InvalidInputException(file + ": no '" + required + "' field");
      }
    }
    Node classNode = fields.get("class").getValueNode();
    String label = scalar(classNode, file, "a workload class");
    WorkloadClass workloadClass = Arrays.stream(WorkloadClass.values())
        .filter(candidate -> candidate != WorkloadClass.IDLE && candidate.label().equals(label)).findFirst()
        .orElseThrow(() -> error(file, classNode, "class '" + label + "' is not a workload class; expected one of "
            + String.join(", ", Arrays.stream(WorkloadClass.values()).filter(c -> c != WorkloadClass.IDLE)
                .map(WorkloadClass::label).toList())));
    String source = fields.containsKey("source") ? scalar(fields.get("source").getValueNode(), file, "a text")
        : file;
    Formula heap = formula(fields.get("heap_gb").getValueNode(), file, "heap_gb", PolicyEnvironment.HEAP_VARIABLES);
    Optional<Formula> presplit = Optional.ofNullable(fields.get("presplit_regions_per_server")).map(tuple ->
        formula(tuple.getValueNode(), file, "presplit_regions_per_server", PolicyEnvironment.SETTING_VARIABLES));
    Node settingsNode = fields.get("settings").getValueNode();
    if (!(settingsNode instanceof MappingNode settingsMapping)) {
      throw error(file, settingsNode, "settings: expected a mapping of setting names to values");
    }
    Map<PolicySetting, Object> settings = new LinkedHashMap<>();
    Map<PolicySetting, Integer> lines = new LinkedHashMap<>();
    for (NodeTuple tuple : settingsMapping.getValue()) {
      String key = scalar(tuple.getKeyNode(), file, "a setting name");
      PolicySetting setting = PolicySetting.byKey(key).orElseThrow(() -> error(file, tuple.getKeyNode(),
          "unknown setting '" + key + "'; a policy may set " + String.join(", ",
              Arrays.stream(PolicySetting.values()).map(PolicySetting::key).toList())));
      if (settings.containsKey(setting)) {
        throw error(file, tuple.getKeyNode(), key + " is set twice");
      }
      Node valueNode = tuple.getValueNode();
      String text = scalar(valueNode, file, "a value for " + key);
      if (setting.kind() == PolicySetting.Kind.NAME) {
        if (!setting.names().contains(text)) {
          throw error(file, valueNode, key + ": '" + text + "' is not one of HBase's: "
              + String.join(", ", setting.names()));
        }
        settings.put(setting, text);
      } else {
        settings.put(setting, formula(valueNode, file, key, PolicyEnvironment.SETTING_VARIABLES));
      }
      lines.put(setting, line(valueNode));
    }
    Policy policy = new Policy(workloadClass, source, file, heap, presplit, settings, lines);
    for (PolicyEnvironment environment : CHECKED_FOR) {
      try {
        policy.evaluate(environment);
      } catch (IllegalArgumentException e) {
        throw new InvalidInputException(file + ": " + e.getMessage() + " (for " + environment + ")");
      }
    }
    return policy;
  }

  private static Formula formula(Node node, String file, String key, Set<String> variables) {
    String text = scalar(node, file, "a number or formula for " + key);
    try {
      return Formula.parse(text, variables);
    } catch (IllegalArgumentException e) {
      throw error(file, node, key + ": " + e.getMessage());
    }
  }

  private static String scalar(Node node, String file, String expected) {
    if (node instanceof ScalarNode scalar && !scalar.getValue().isBlank()) {
      return scalar.getValue().trim();
    }
    throw error(file, node, "expected " + expected);
  }

  private static int line(Node node) {
    return node.getStartMark().getLine() + 1;
  }

  private static InvalidInputException error(String file, Node node, String what) {
    return new InvalidInputException(file + ", line " + line(node) + ": " + what);
  }
}
