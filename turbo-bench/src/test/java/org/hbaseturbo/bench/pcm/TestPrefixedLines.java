package org.hbaseturbo.bench.pcm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class TestPrefixedLines {
  @Test
  void eachWholeLineGoesOnBehindItsPrefixAndAPartLineWaitsForItsEnd() {
    StringWriter shared = new StringWriter();
    PrintWriter sharedWriter = new PrintWriter(shared);
    PrintWriter calibrated = new PrintWriter(new PrefixedLines(sharedWriter, "calibrated | "));
    PrintWriter defaults = new PrintWriter(new PrefixedLines(sharedWriter, "defaults   | "));

    calibrated.print("load: 1,000 ");
    calibrated.flush();
    defaults.printf("load: 900 operations%n");
    calibrated.printf("operations%nwatch: BL%n");
    defaults.print("not ended");
    defaults.close();

    assertThat(shared.toString().lines()).containsExactly("defaults   | load: 900 operations",
        "calibrated | load: 1,000 operations", "calibrated | watch: BL", "defaults   | not ended");
  }
}
