package org.hbaseturbo.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.apache.hadoop.hbase.Coprocessor;
import org.apache.hadoop.hbase.CoprocessorEnvironment;
import org.apache.hadoop.hbase.coprocessor.RegionServerCoprocessor;

/**
 * A planted fault: a RegionServer coprocessor whose start throws, so that every RegionServer that loads it aborts as
 * it starts ({@code hbase.coprocessor.abortonerror} is true by default).
 */
public final class AbortingRegionServerCoprocessor implements RegionServerCoprocessor {
  static final String FAULT = "planted fault: this coprocessor refuses to start";

  @Override
  @SuppressWarnings("rawtypes") // as HBase's Coprocessor.start declares it
  public void start(CoprocessorEnvironment env) throws IOException {
    throw new IOException(FAULT);
  }

  /**
   * Writes, in {@code dir}, a jar of this class and an {@code hbase-site.xml} that loads it from that jar, as an
   * operator loads a coprocessor of their own ({@code class|priority|jar}): a process cluster's RegionServers, whose
   * classpath holds none of the tests' classes, load it too.
   *
   * @return the site file, for {@code --site}
   */
  static Path siteFile(Path dir) throws IOException {
    String entry = AbortingRegionServerCoprocessor.class.getName().replace('.', '/') + ".class";
    Path jar = dir.resolve("aborting-coprocessor.jar");
    try (InputStream in = AbortingRegionServerCoprocessor.class.getClassLoader().getResourceAsStream(entry);
        OutputStream file = Files.newOutputStream(jar);
        JarOutputStream out = new JarOutputStream(file)) {
      out.putNextEntry(new JarEntry(entry));
      in.transferTo(out);
    }
    return SiteFiles.write(dir.resolve("aborting-site.xml"), Map.of("hbase.coprocessor.regionserver.classes",
        AbortingRegionServerCoprocessor.class.getName() + "|" + Coprocessor.PRIORITY_USER + "|" + jar.toUri()));
  }
}
