package org.hbaseturbo.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
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
}
