package org.hbaseturbo.client;

import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.hbaseturbo.common.InvalidInputException;

/** Client configurations read from a directory holding an {@code hbase-site.xml}, as HBase's conf dir. */
public final class ClientConfigurations {
  public static final String SITE_FILE = "hbase-site.xml";

  private ClientConfigurations() {
  }

  /**
   * HBase's defaults overlaid with {@code dir/hbase-site.xml}.
   *
   * @throws InvalidInputException when the directory or the file is missing
   */
  public static Configuration fromDirectory(Path dir) {
    Path site = dir.resolve(SITE_FILE);
    if (!Files.isDirectory(dir)) {
      throw new InvalidInputException("configuration directory '" + dir + "' does not exist");
    }
    if (!Files.isRegularFile(site)) {
      throw new InvalidInputException("configuration directory '" + dir + "' has no " + SITE_FILE
          + "; expected the client configuration of an HBase 2.x cluster there");
    }
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(new org.apache.hadoop.fs.Path(site.toAbsolutePath().toUri()));
    return conf;
  }
}
