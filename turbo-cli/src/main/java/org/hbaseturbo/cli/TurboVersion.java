package org.hbaseturbo.cli;

import java.util.Map;
import org.hbaseturbo.report.Environment;
import picocli.CommandLine.IVersionProvider;

/** {@code turbo --version}: Turbo's version and what it was built with. */
final class TurboVersion implements IVersionProvider {
  @Override
  public String[] getVersion() {
    Map<String, String> versions = Environment.versions("n/a");
    return new String[] {"HBase Turbo " + versions.get("turbo"), "HBase client " + versions.get("hbase_client_runtime")
        + ", YCSB " + versions.get("ycsb") + ", Java " + versions.get("java")};
  }
}
