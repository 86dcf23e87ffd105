package org.hbaseturbo.bench.ycsb;

import static site.ycsb.workloads.CoreWorkload.DATA_INTEGRITY_PROPERTY;
import static site.ycsb.workloads.CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY;
import static site.ycsb.workloads.CoreWorkload.FIELD_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT;
import static site.ycsb.workloads.CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY;
import static site.ycsb.workloads.CoreWorkload.FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY_DEFAULT;
import static site.ycsb.workloads.CoreWorkload.FIELD_LENGTH_PROPERTY;
import static site.ycsb.workloads.CoreWorkload.FIELD_LENGTH_PROPERTY_DEFAULT;
import static site.ycsb.workloads.CoreWorkload.MAX_SCAN_LENGTH_PROPERTY;
import static site.ycsb.workloads.CoreWorkload.MAX_SCAN_LENGTH_PROPERTY_DEFAULT;
import static site.ycsb.workloads.CoreWorkload.MIN_FIELD_LENGTH_PROPERTY;
import static site.ycsb.workloads.CoreWorkload.MIN_FIELD_LENGTH_PROPERTY_DEFAULT;
import static site.ycsb.workloads.CoreWorkload.MIN_SCAN_LENGTH_PROPERTY;
import static site.ycsb.workloads.CoreWorkload.MIN_SCAN_LENGTH_PROPERTY_DEFAULT;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.hbaseturbo.common.InvalidInputException;
import site.ycsb.Client;
import site.ycsb.Workload;
import site.ycsb.workloads.CoreWorkload;

/**
 * What YCSB properties require of each other, checked on the properties a phase would run with (the workload's,
 * overlaid with {@code -p}) once each has passed {@link YcsbProperties#requireValid}. CoreWorkload finds these
 * out only in the phase's JVM, after the table was created: some with {@code System.exit(-1)}, some with a
 * stack trace, some not at all (a run that does nothing).
 */
final class YcsbWorkloadRules {
  /** The operation mix, each with CoreWorkload's default. */
  static final Map<String, String> PROPORTIONS = proportions();

  private YcsbWorkloadRules() {
  }

  /** @throws InvalidInputException naming the properties that do not go together, and their values */
  static void requireConsistent(Properties workload) {
    for (String name : List.of(Client.WORKLOAD_PROPERTY, Client.RECORD_COUNT_PROPERTY,
        Client.OPERATION_COUNT_PROPERTY)) {
      if (workload.getProperty(name) == null) {
        throw new InvalidInputException("YCSB property '" + name + "' is not set: give it in the workload file or"
            + " with -p " + name + "=...");
      }
    }
    long records = number(workload, Client.RECORD_COUNT_PROPERTY, null);
    long insertStart = number(workload, Workload.INSERT_START_PROPERTY, Workload.INSERT_START_PROPERTY_DEFAULT);
    if (insertStart >= records) {
      throw new InvalidInputException("YCSB property 'insertstart' (" + insertStart + ") must be below recordcount ("
          + records + ")");
    }
    if (workload.getProperty(Client.INSERT_COUNT_PROPERTY) != null) {
      long insertCount = number(workload, Client.INSERT_COUNT_PROPERTY, null);
      if (insertStart + insertCount > records) {
        throw new InvalidInputException("YCSB properties insertstart (" + insertStart + ") + insertcount ("
            + insertCount + ") must not exceed recordcount (" + records + ")");
      }
    }
    requireFieldLengths(workload);
    requireBatchRows(workload);
    long minScan = number(workload, MIN_SCAN_LENGTH_PROPERTY, MIN_SCAN_LENGTH_PROPERTY_DEFAULT);
    long maxScan = number(workload, MAX_SCAN_LENGTH_PROPERTY, MAX_SCAN_LENGTH_PROPERTY_DEFAULT);
    if (minScan > maxScan) {
      throw new InvalidInputException("YCSB property 'minscanlength' (" + minScan + ") must not exceed"
          + " maxscanlength (" + maxScan + ")");
    }
    double mix = PROPORTIONS.entrySet().stream()
        .mapToDouble(p -> Double.parseDouble(workload.getProperty(p.getKey(), p.getValue()))).sum();
    if (mix == 0) {
      throw new InvalidInputException("YCSB's operation proportions (" + String.join(", ", PROPORTIONS.keySet())
          + ") are all 0: a run would do nothing");
    }
  }

  private static void requireFieldLengths(Properties workload) {
    String distribution = workload.getProperty(FIELD_LENGTH_DISTRIBUTION_PROPERTY,
        FIELD_LENGTH_DISTRIBUTION_PROPERTY_DEFAULT);
    long length = number(workload, FIELD_LENGTH_PROPERTY, FIELD_LENGTH_PROPERTY_DEFAULT);
    long minLength = number(workload, MIN_FIELD_LENGTH_PROPERTY, MIN_FIELD_LENGTH_PROPERTY_DEFAULT);
    if ((distribution.equals("uniform") || distribution.equals("zipfian")) && minLength > length) {
      throw new InvalidInputException("YCSB property 'minfieldlength' (" + minLength + ") must not exceed"
          + " fieldlength (" + length + ") with fieldlengthdistribution=" + distribution);
    }
    if (distribution.equals("histogram")) {
      String file = workload.getProperty(FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY,
          FIELD_LENGTH_HISTOGRAM_FILE_PROPERTY_DEFAULT);
      if (!isFile(file)) {
        throw new InvalidInputException("YCSB property 'fieldlengthhistogram' is '" + file + "', which is not a"
            + " file; fieldlengthdistribution=histogram reads the field lengths from it");
      }
    }
    if (dataIntegrity(workload) && !distribution.equals("constant")) {
      throw new InvalidInputException("YCSB property 'dataintegrity' needs fieldlengthdistribution=constant, was '"
          + distribution + "'");
    }
  }

  private static void requireBatchRows(Properties workload) {
    long batchRows = number(workload, NativeHBaseClient.BATCH_ROWS, "1");
    if (batchRows > 1 && dataIntegrity(workload)) {
      throw new InvalidInputException("YCSB property 'batchrows' (" + batchRows + ") needs dataintegrity=false: a"
          + " batch writes the values YCSB made for its key to the rows drawn beside it, which YCSB would then"
          + " read as wrong");
    }
  }

  private static boolean dataIntegrity(Properties workload) {
    return Boolean.parseBoolean(workload.getProperty(DATA_INTEGRITY_PROPERTY, "false"));
  }

  private static boolean isFile(String name) {
    try {
      return Files.isRegularFile(Path.of(name));
    } catch (InvalidPathException e) {
      return false;
    }
  }

  /** A property {@link YcsbProperties#requireValid} has found to be a whole number, or its default. */
  private static long number(Properties workload, String name, String defaultValue) {
    return Long.parseLong(workload.getProperty(name, defaultValue));
  }

  private static Map<String, String> proportions() {
    Map<String, String> proportions = new LinkedHashMap<>();
    proportions.put(CoreWorkload.READ_PROPORTION_PROPERTY, CoreWorkload.READ_PROPORTION_PROPERTY_DEFAULT);
    proportions.put(CoreWorkload.UPDATE_PROPORTION_PROPERTY, CoreWorkload.UPDATE_PROPORTION_PROPERTY_DEFAULT);
    proportions.put(CoreWorkload.INSERT_PROPORTION_PROPERTY, CoreWorkload.INSERT_PROPORTION_PROPERTY_DEFAULT);
    proportions.put(CoreWorkload.SCAN_PROPORTION_PROPERTY, CoreWorkload.SCAN_PROPORTION_PROPERTY_DEFAULT);
    proportions.put(CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY,
        CoreWorkload.READMODIFYWRITE_PROPORTION_PROPERTY_DEFAULT);
    return java.util.Collections.unmodifiableMap(proportions);
  }
}
