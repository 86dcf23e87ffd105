package org.hbaseturbo.cluster;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.hbaseturbo.common.InvalidInputException;

/** A user's {@code hbase-site.xml} of server settings, as {@code --site FILE} names it. */
public final class ServerSiteFile {
  private ServerSiteFile() {
  }

  /**
   * The settings the file sets, checked as {@link ServerSettingsCheck} checks them: none that the local cluster
   * sets itself, none that HBase would refuse or replace.
   *
   * @param option the option that named it, for messages
   * @throws InvalidInputException when the file is missing, not Hadoop configuration XML, or sets a value HBase
   *     would refuse or silently replace
   */
  public static Map<String, String> read(Path file, String option) {
    if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
      throw new InvalidInputException(option + " " + file + ": no such readable file; expected an hbase-site.xml");
    }
    Map<String, String> settings;
    try {
      settings = settingsIn(file);
    } catch (IOException | RuntimeException e) {
      throw new InvalidInputException(option + " " + file + ": not an hbase-site.xml (<configuration> of"
          + " <property> name and value): " + rootMessage(e));
    }
    ServerSettingsCheck.requireNotOwned(settings.keySet(), option + " " + file + ":");
    ServerSettingsCheck.check(settings, option + " " + file);
    return settings;
  }

  /** What {@code file} sets, as it stands, unchecked. */
  static Map<String, String> settingsIn(Path file) throws IOException {
    Configuration site = new Configuration(false);
    try (InputStream in = Files.newInputStream(file)) {
      // Loaded now, while the stream is open: Configuration reads resources lazily.
      site.addResource(in, file.toString());
      site.size();
    }
    Map<String, String> settings = new TreeMap<>();
    site.forEach(entry -> settings.put(entry.getKey(), entry.getValue()));
    return settings;
  }

  private static String rootMessage(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return String.valueOf(root.getMessage());
  }
}
