package org.hbaseturbo.bench.ycsb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestYcsbWorkloads {
  @Test
  void everyShippedWorkloadResolvesAndPassesEveryRule() {
    for (String name : List.of("a", "b", "c", "d", "e", "F")) {
      Properties workload = YcsbWorkloads.resolve(name);
      assertThat(workload.stringPropertyNames()).isSubsetOf(YcsbProperties.known()).contains("workload",
          "readproportion");
      workload.forEach((key, value) -> YcsbProperties.requireValid((String) key, (String) value, name));
      YcsbWorkloadRules.requireConsistent(workload);
    }
    assertThat(YcsbWorkloads.resolve("e").getProperty("scanproportion")).isEqualTo("0.95");
  }

  @Test
  void unknownWorkloadsAreRefused() {
    assertThatThrownBy(() -> YcsbWorkloads.resolve("z")).isInstanceOf(InvalidInputException.class)
        .hasMessage("unknown workload 'z': expected one of a, b, c, d, e, f or the path of a YCSB workload file");
    assertThatThrownBy(() -> YcsbWorkloads.resolve(",")).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("unknown workload ','");
  }

  @Test
  void aFileIsReadAsJavaPropertiesWithCommentsAndContinuationLines(@TempDir Path dir) throws Exception {
    Path file = write(dir, "# mine", "! also a comment", "", "workload = site.ycsb.workloads.CoreWorkload",
        "recordcount:1000", "readproportion=\\", "    1", "operationcount 10");
    Properties workload = YcsbWorkloads.resolve(file.toString());
    assertThat(workload).containsEntry("workload", "site.ycsb.workloads.CoreWorkload")
        .containsEntry("recordcount", "1000").containsEntry("readproportion", "1")
        .containsEntry("operationcount", "10").hasSize(4);
  }

  @Test
  void aBadLineIsRefusedWithTheFileAndTheLineNumber(@TempDir Path dir) throws Exception {
    Path garbage = write(dir, "workload=site.ycsb.workloads.CoreWorkload", "", "this is garbage");
    assertThatThrownBy(() -> YcsbWorkloads.resolve(garbage.toString())).isInstanceOf(InvalidInputException.class)
        .hasMessage("workload file '" + garbage + "', line 3: expected NAME=VALUE, found 'this is garbage'");
    Path noName = write(dir, "# comment", "= 5");
    assertThatThrownBy(() -> YcsbWorkloads.resolve(noName.toString()))
        .hasMessage("workload file '" + noName + "', line 2: expected NAME=VALUE, found '= 5'");
    Path typo = write(dir, "workload=site.ycsb.workloads.CoreWorkload", "readproportoin=1");
    assertThatThrownBy(() -> YcsbWorkloads.resolve(typo.toString()))
        .hasMessageStartingWith("unknown YCSB property 'readproportoin' in workload file '" + typo + "', line 2; did"
            + " you mean 'readproportion'?");
    Path badValue = write(dir, "workload=site.ycsb.workloads.CoreWorkload", "recordcount=1000",
        "fieldlength=\\", "  -1");
    assertThatThrownBy(() -> YcsbWorkloads.resolve(badValue.toString()))
        .hasMessage("YCSB property 'fieldlength' in workload file '" + badValue + "', line 3 is '-1'; expected a whole"
            + " number from 1 to 10,485,760");
  }

  private static Path write(Path dir, String... lines) throws Exception {
    Path file = Files.createTempFile(dir, "workload", "");
    Files.write(file, List.of(lines));
    return file;
  }
}
