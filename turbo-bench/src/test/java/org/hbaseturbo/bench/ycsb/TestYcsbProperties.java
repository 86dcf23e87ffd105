package org.hbaseturbo.bench.ycsb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.Test;
import site.ycsb.Client;
import site.ycsb.Workload;
import site.ycsb.generator.ExponentialGenerator;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.OneMeasurementHistogram;
import site.ycsb.measurements.OneMeasurementTimeSeries;
import site.ycsb.workloads.CoreWorkload;

class TestYcsbProperties {
  private static final String P = "given with -p";

  @Test
  void knowsYcsbsAndTheBindingsNames() {
    assertThat(YcsbProperties.known()).contains("recordcount", "operationcount", "fieldcount", "fieldlength",
        "requestdistribution", "insertstart", "columnfamily", "clientbuffering", "durability", "table",
        "rpccompressor", "batchrows");
    assertThat(YcsbProperties.known()).doesNotContain("usertable", "zipfian", "threadcount");
  }

  /** A YCSB upgrade that brings a property must bring its rule, or a reason why Turbo refuses it. */
  @Test
  void everyPropertyNameYcsbAndTheBindingDeclareIsKnownOrRefusedWithAReason() {
    Set<String> declared = new TreeSet<>(NativeHBaseClient.PROPERTIES);
    for (Class<?> type : new Class<?>[] {Client.class, Workload.class, CoreWorkload.class, Measurements.class,
        OneMeasurementHdrHistogram.class, OneMeasurementHistogram.class, OneMeasurementTimeSeries.class,
        ExponentialGenerator.class}) {
      for (Field field : type.getFields()) {
        int modifiers = field.getModifiers();
        if (Modifier.isStatic(modifiers) && field.getType() == String.class && !field.getName().contains("DEFAULT")
            && !field.getName().endsWith("_DESC")) {
          try {
            declared.add((String) field.get(null));
          } catch (IllegalAccessException e) {
            throw new AssertionError(e);
          }
        }
      }
    }
    assertThat(declared).hasSizeGreaterThan(40).allSatisfy(name -> assertThat(
        YcsbProperties.known().contains(name) || YcsbProperties.refusedThoughKnown(name)).as(name).isTrue());
  }

  @Test
  void aTypoIsRefusedWithTheClosestName() {
    assertThatThrownBy(() -> YcsbProperties.requireValid("operationcont", "5", P))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("unknown YCSB property 'operationcont' given with -p; did you mean 'operationcount'?");
  }

  @Test
  void propertiesTurboSetsOrIgnoresAreRefusedWithWhatToDoInstead() {
    assertThatThrownBy(() -> YcsbProperties.requireValid("threadcount", "8", P))
        .hasMessage("YCSB property 'threadcount' given with -p is set by Turbo: use --threads");
    assertThatThrownBy(() -> YcsbProperties.requireValid("status.interval", "5", P))
        .hasMessage("YCSB property 'status.interval' given with -p has no effect in Turbo: Turbo shows progress"
            + " every 2 s");
    assertThatThrownBy(() -> YcsbProperties.requireValid("", "5", P))
        .hasMessage("YCSB property given with -p has no name ('=5'); expected NAME=VALUE");
  }

  @Test
  void aValueOutsideWhatThePropertyTakesIsRefusedWithWhatItTakes() {
    Map<String, String> refusals = Map.ofEntries(
        Map.entry("durability=BOGUS", "one of USE_DEFAULT, SKIP_WAL, ASYNC_WAL, SYNC_WAL, FSYNC_WAL"),
        Map.entry("fieldlength=-1", "a whole number from 1 to 10,485,760"),
        Map.entry("fieldlength=10485761", "a whole number from 1 to 10,485,760"),
        Map.entry("requestdistribution=bogus", "one of uniform, zipfian, latest, hotspot, sequential, exponential"),
        Map.entry("requestdistribution=Zipfian", "one of uniform, zipfian, latest, hotspot, sequential, exponential"),
        Map.entry("recordcount=abc", "a whole number from 1 to 2,147,483,647"),
        Map.entry("recordcount=3000000000", "a whole number from 1 to 2,147,483,647"),
        Map.entry("recordcount=1000 ", "a whole number from 1 to 2,147,483,647"),
        Map.entry("operationcount=0", "a whole number from 1 to 2,147,483,647"),
        Map.entry("readproportion=1.5", "a number from 0 to 1"),
        Map.entry("readproportion=NaN", "a number from 0 to 1"),
        Map.entry("readproportion=", "a number from 0 to 1"),
        Map.entry("clientbuffering=yes", "true or false"),
        Map.entry("batchrows=0", "a whole number from 1 to 10,000"),
        Map.entry("batchrows=ten", "a whole number from 1 to 10,000"),
        Map.entry("batchrows=10001", "a whole number from 1 to 10,000"),
        Map.entry("insertorder=random", "one of hashed, ordered"),
        Map.entry("exponential.percentile=100", "a number above 0 and below 100"),
        Map.entry("table=user table", "an HBase table name: letters, digits, '_', '-' and '.', optionally after"
            + " 'namespace:'"),
        Map.entry("columnfamily=a:b", "a column family name: printable characters, no ':', not starting with '.'"),
        Map.entry("workload=java.lang.String", "a YCSB workload class on the classpath, such as"
            + " site.ycsb.workloads.CoreWorkload"),
        Map.entry("rpccompressor=GzipCodec", "nothing (no compression) or a Hadoop compression codec class on the"
            + " classpath, such as org.apache.hadoop.io.compress.GzipCodec"));
    refusals.forEach((property, expected) -> {
      String name = property.substring(0, property.indexOf('='));
      String value = property.substring(property.indexOf('=') + 1);
      assertThatThrownBy(() -> YcsbProperties.requireValid(name, value, P)).as(property)
          .isInstanceOf(InvalidInputException.class)
          .hasMessage("YCSB property '" + name + "' given with -p is '" + value + "'; expected " + expected);
    });
  }

  @Test
  void whatThePropertiesTakeIsAccepted() {
    for (String property : new String[] {"durability=SKIP_WAL", "fieldlength=1", "recordcount=2147483647",
        "readproportion=0.5", "readproportion=1", "requestdistribution=latest", "clientbuffering=TRUE",
        "table=ns:usertable_2", "columnfamily=f", "fieldnameprefix=", "workload=site.ycsb.workloads.CoreWorkload",
        "rpccompressor=org.apache.hadoop.io.compress.GzipCodec", "rpccompressor=", "insertstart=0", "target=0",
        "exponential.frac=1", "batchrows=1", "batchrows=100", "batchrows=10000"}) {
      String name = property.substring(0, property.indexOf('='));
      String value = property.substring(property.indexOf('=') + 1);
      assertThatCode(() -> YcsbProperties.requireValid(name, value, P)).as(property).doesNotThrowAnyException();
    }
  }
}
