package org.hbaseturbo.bench.ycsb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestYcsbProperties {
  @Test
  void knowsYcsbsAndTheBindingsNames() {
    assertThat(YcsbProperties.known()).contains("recordcount", "operationcount", "fieldcount", "fieldlength",
        "requestdistribution", "insertstart", "hdrhistogram.percentiles", "measurementtype", "columnfamily",
        "clientbuffering", "durability", "table");
    assertThat(YcsbProperties.known()).doesNotContain("usertable", "zipfian");
  }

  @Test
  void aTypoIsRefusedWithTheClosestName() {
    assertThatThrownBy(() -> YcsbProperties.requireKnown(List.of("operationcont"), "given with -p"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("unknown YCSB property 'operationcont' given with -p; did you mean 'operationcount'?");
  }

  @Test
  void propertiesTurboSetsItselfAreRefusedWithWhatToUseInstead() {
    assertThatThrownBy(() -> YcsbProperties.requireKnown(List.of("threadcount"), "given with -p"))
        .isInstanceOf(InvalidInputException.class)
        .hasMessage("YCSB property 'threadcount' given with -p is set by Turbo: use --threads");
  }

  @Test
  void everyShippedWorkloadResolvesAndUsesOnlyKnownNames() {
    for (String name : List.of("a", "b", "c", "d", "e", "F")) {
      assertThat(YcsbWorkloads.resolve(name).stringPropertyNames()).isSubsetOf(YcsbProperties.known())
          .contains("workload", "readproportion");
    }
    assertThat(YcsbWorkloads.resolve("e").getProperty("scanproportion")).isEqualTo("0.95");
  }

  @Test
  void unknownWorkloadsAndBadFilesAreRefused(@TempDir Path dir) throws Exception {
    assertThatThrownBy(() -> YcsbWorkloads.resolve("z")).isInstanceOf(InvalidInputException.class)
        .hasMessage("unknown workload 'z': expected one of a, b, c, d, e, f or the path of a YCSB workload file");
    assertThatThrownBy(() -> YcsbWorkloads.resolve(",")).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("unknown workload ','");
    Path file = dir.resolve("mine");
    Files.writeString(file, "workload=site.ycsb.workloads.CoreWorkload\nreadproportoin=1\n");
    assertThatThrownBy(() -> YcsbWorkloads.resolve(file.toString())).isInstanceOf(InvalidInputException.class)
        .hasMessageContaining("unknown YCSB property 'readproportoin' in workload file");
    Files.writeString(file, "workload=site.ycsb.workloads.CoreWorkload\nreadproportion=1\n");
    assertThat(YcsbWorkloads.resolve(file.toString()).getProperty("readproportion")).isEqualTo("1");
  }
}
