package org.hbaseturbo.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestJvmOptions {
  @Test
  void packagedFlagsOpenWhatHBaseNeeds() {
    assertThat(JvmOptions.hbaseFlags())
        .contains("--add-opens=java.base/java.nio=ALL-UNNAMED", "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED")
        .allSatisfy(flag -> assertThat(flag).startsWith("-").doesNotContain(" "));
  }

  @Test
  void surefireStartedThisJvmWithTheSameFlags() {
    // Surefire reads the repository file as an argument file; the packaged copy must be that file.
    assertThat(ManagementFactory.getRuntimeMXBean().getInputArguments()).containsAll(JvmOptions.hbaseFlags());
  }

  @Test
  void childrenGetTheVariablesWordsAfterHBasesFlags() {
    assertThat(JvmOptions.childFlags(Map.of(JvmOptions.CHILD_OPTIONS_VARIABLE, " -XX:TieredStopAtLevel=1 \t-Da=b ")))
        .startsWith(JvmOptions.hbaseFlags().toArray(String[]::new))
        .endsWith("-XX:TieredStopAtLevel=1", "-Da=b")
        .hasSize(JvmOptions.hbaseFlags().size() + 2);
    assertThat(JvmOptions.childFlags(Map.of())).isEqualTo(JvmOptions.hbaseFlags());
    assertThat(JvmOptions.childFlags(Map.of(JvmOptions.CHILD_OPTIONS_VARIABLE, "  ")))
        .isEqualTo(JvmOptions.hbaseFlags());
  }
}
