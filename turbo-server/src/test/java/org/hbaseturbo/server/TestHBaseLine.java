package org.hbaseturbo.server;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.hbase.util.VersionInfo;
import org.junit.jupiter.api.Test;

/**
 * The server jar knows the HBase line it was built for, and a RegionServer of the other line gets one message that
 * names the jar to deploy there.
 */
class TestHBaseLine {
  private static final HBaseLine.Built FOR_2_6 = new HBaseLine.Built("2.6", "1.2.3");
  private static final HBaseLine.Built FOR_2_5 = new HBaseLine.Built("2.5", "1.2.3");

  @Test
  void theBuildRecordsTheLineItCompiledAgainst() {
    // The tests run on the HBase the module was compiled against, so the recorded line is that HBase's.
    assertThat(HBaseLine.read()).get().extracting(HBaseLine.Built::line)
        .isEqualTo(HBaseLine.lineOf(VersionInfo.getVersion()));
    assertThat(HBaseLine.matches()).isTrue();
  }

  @Test
  void aLineIsTheMajorAndMinorVersion() {
    assertThat(HBaseLine.lineOf("2.6.4-hadoop3")).isEqualTo("2.6");
    assertThat(HBaseLine.lineOf("2.5.12")).isEqualTo("2.5");
    assertThat(HBaseLine.lineOf("3.0.0-beta-1")).isEqualTo("3.0");
  }

  @Test
  void theSameLineRunsWhateverThePatchRelease() {
    assertThat(FOR_2_6.mismatch("2.6.4-hadoop3")).isEmpty();
    assertThat(FOR_2_6.mismatch("2.6.1")).isEmpty();
    assertThat(FOR_2_5.mismatch("2.5.12-hadoop3")).isEmpty();
  }

  @Test
  void theOtherLineNamesTheJarToDeployAndHowToBuildIt() {
    assertThat(FOR_2_6.mismatch("2.5.12-hadoop3")).hasValue("HBase Turbo's server jar"
        + " turbo-server-1.2.3-deploy-hbase2.6.jar is built for HBase 2.6, but this RegionServer runs HBase"
        + " 2.5.12-hadoop3: deploy turbo-server-1.2.3-deploy-hbase2.5.jar instead (mvn -B -Phbase-2.5 -DskipTests"
        + " package); every Turbo coprocessor is off, and the RegionServer serves over HBase's RPC alone");
    assertThat(FOR_2_5.mismatch("2.6.4-hadoop3")).get().asString()
        .contains("deploy turbo-server-1.2.3-deploy-hbase2.6.jar instead (mvn -B -DskipTests package)");
  }

  @Test
  void aLineWithoutABuildSaysWhichLinesHaveOne() {
    assertThat(FOR_2_6.mismatch("3.0.0")).get().asString().contains("runs HBase 3.0.0, for which Turbo has no"
        + " build (it builds for HBase 2.5 and 2.6)");
  }
}
