package org.hbaseturbo.client;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParserFactory;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.HBaseConfiguration;
import org.hbaseturbo.common.InvalidInputException;
import org.hbaseturbo.common.Messages;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/** Client configurations read from a directory holding an {@code hbase-site.xml}, as HBase's conf dir. */
public final class ClientConfigurations {
  public static final String SITE_FILE = "hbase-site.xml";

  private ClientConfigurations() {
  }

  /**
   * HBase's defaults overlaid with {@code dir/hbase-site.xml}, read now rather than at the first lookup, so that
   * a broken file is found before anything uses it.
   *
   * @throws InvalidInputException when the directory or the file is missing, or the file is not an XML
   *     configuration (the message names the file, and the line and column of a syntax error)
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
    requireWellFormed(site);
    Configuration conf = HBaseConfiguration.create();
    conf.addResource(new org.apache.hadoop.fs.Path(site.toAbsolutePath().toUri()));
    try {
      // Hadoop parses its resources lazily, on the first lookup, and names neither file nor line when it fails.
      conf.size();
    } catch (RuntimeException e) {
      throw new InvalidInputException("cannot read '" + site + "': " + Messages.firstLine(Messages.rootCause(e)), e);
    }
    return conf;
  }

  /**
   * Parses {@code file} with the JDK's parser, whose errors have a line and column, without fetching any
   * external entity or DTD it names.
   */
  private static void requireWellFormed(Path file) {
    try {
      SAXParserFactory factory = SAXParserFactory.newInstance();
      factory.setNamespaceAware(true);
      factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      factory.setFeature("http://xml.org/sax/features/external-general-entities", false);
      factory.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
      factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
      factory.newSAXParser().parse(file.toFile(), new DefaultHandler());
    } catch (SAXParseException e) {
      throw new InvalidInputException("'" + file + "' is not well-formed XML: line " + e.getLineNumber()
          + ", column " + e.getColumnNumber() + ": " + e.getMessage(), e);
    } catch (SAXException | ParserConfigurationException e) {
      throw new InvalidInputException("cannot read '" + file + "': " + e.getMessage(), e);
    } catch (IOException e) {
      throw new InvalidInputException("cannot read '" + file + "': " + e, e);
    }
  }
}
