package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/** The hbase-site.xml files tests hand to {@code --site}, written by Hadoop as a user's would be read. */
final class SiteFiles {
  private SiteFiles() {
  }

  /** Writes {@code settings}, and nothing else, to {@code file}; returns it. */
  static Path write(Path file, Map<String, String> settings) throws IOException {
    Configuration site = new Configuration(false);
    settings.forEach(site::set);
    try (OutputStream out = Files.newOutputStream(file)) {
      site.writeXml(out);
    }
    return file;
  }
}
