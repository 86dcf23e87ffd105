package org.hbaseturbo.bench.ycsb;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Properties that do not go together are refused when the experiment's settings are made, before any phase. */
class TestYcsbWorkloadRules {
  @Test
  void propertiesThatContradictEachOtherAreRefused() {
    assertRefused(Map.of("insertstart", "1000"), "YCSB property 'insertstart' (1000) must be below recordcount (1000)");
    assertRefused(Map.of("insertstart", "500", "insertcount", "501"),
        "YCSB properties insertstart (500) + insertcount (501) must not exceed recordcount (1000)");
    assertRefused(Map.of("fieldlengthdistribution", "uniform", "minfieldlength", "200"),
        "YCSB property 'minfieldlength' (200) must not exceed fieldlength (100) with fieldlengthdistribution=uniform");
    assertRefused(Map.of("fieldlengthdistribution", "histogram", "fieldlengthhistogram", "/no/such/file"),
        "YCSB property 'fieldlengthhistogram' is '/no/such/file', which is not a file; fieldlengthdistribution"
            + "=histogram reads the field lengths from it");
    assertRefused(Map.of("fieldlengthdistribution", "zipfian", "dataintegrity", "true"),
        "YCSB property 'dataintegrity' needs fieldlengthdistribution=constant, was 'zipfian'");
    assertRefused(Map.of("batchrows", "100", "dataintegrity", "true"),
        "YCSB property 'batchrows' (100) needs dataintegrity=false: a batch writes the values YCSB made for its key"
            + " to the rows drawn beside it, which YCSB would then read as wrong");
    assertRefused(Map.of("minscanlength", "20", "maxscanlength", "10"),
        "YCSB property 'minscanlength' (20) must not exceed maxscanlength (10)");
    assertRefused(Map.of("readproportion", "0", "updateproportion", "0.0"),
        "YCSB's operation proportions (readproportion, updateproportion, insertproportion, scanproportion,"
            + " readmodifywriteproportion) are all 0: a run would do nothing");
  }

  @Test
  void aWorkloadFileWithoutItsCountsIsRefused(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("w");
    Files.writeString(file, "workload=site.ycsb.workloads.CoreWorkload\nrecordcount=10\n");
    assertThatThrownBy(() -> settings(file.toString(), Map.of())).isInstanceOf(InvalidInputException.class)
        .hasMessage("YCSB property 'operationcount' is not set: give it in the workload file or with -p"
            + " operationcount=...");
    assertThatCode(() -> settings(file.toString(), Map.of("operationcount", "5"))).doesNotThrowAnyException();
  }

  @Test
  void overridesThatMakeAWorkloadConsistentAreAccepted() {
    assertThatCode(() -> settings("a", Map.of("recordcount", "5000", "insertstart", "1000", "insertcount", "4000",
        "fieldlengthdistribution", "uniform", "minfieldlength", "10", "fieldlength", "10", "batchrows", "100")))
        .doesNotThrowAnyException();
    assertThatCode(() -> settings("a", Map.of("recordcount", "10", "batchrows", "1", "dataintegrity", "true")))
        .doesNotThrowAnyException();
  }

  @Test
  void everyOverrideIsCheckedAgainstItsRule() {
    Map<String, String> overrides = new HashMap<>(Map.of("recordcount", "10"));
    overrides.put("durability", "BOGUS");
    assertThatThrownBy(() -> settings("a", overrides)).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("YCSB property 'durability' given with -p is 'BOGUS'; expected one of USE_DEFAULT,");
  }

  private static void assertRefused(Map<String, String> overrides, String message) {
    assertThatThrownBy(() -> settings("a", overrides)).isInstanceOf(InvalidInputException.class).hasMessage(message);
  }

  private static YcsbExperiment.Settings settings(String workload, Map<String, String> overrides) {
    return new YcsbExperiment.Settings(workload, overrides, 1, DbBinding.NATIVE, 1, YcsbWarmUp.operations(0),
        Optional.empty(), "loopback");
  }
}
