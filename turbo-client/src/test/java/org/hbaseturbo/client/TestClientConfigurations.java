package org.hbaseturbo.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestClientConfigurations {
  @Test
  void readsTheSiteFileOverHBasesDefaults(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("hbase-site.xml"), """
        <?xml version="1.0"?>
        <configuration>
          <property><name>hbase.zookeeper.quorum</name><value>zk1,zk2</value></property>
        </configuration>
        """);
    assertThat(ClientConfigurations.fromDirectory(dir).get("hbase.zookeeper.quorum")).isEqualTo("zk1,zk2");
    assertThat(ClientConfigurations.fromDirectory(dir).get("hbase.client.retries.number")).isNotNull();
  }

  @Test
  void aMalformedSiteFileIsRefusedNamingTheFileLineAndColumn(@TempDir Path dir) throws Exception {
    Path site = Files.writeString(dir.resolve("hbase-site.xml"), """
        <configuration>
          <property><name>hbase.zookeeper.quorum</name><value>zk1</value>
        </configuration>
        """);
    assertThatThrownBy(() -> ClientConfigurations.fromDirectory(dir)).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("'" + site + "' is not well-formed XML: line 3, column 3: ")
        .hasMessageContaining("property");
  }

  @Test
  void aSiteFileThatIsNotXmlAtAllIsRefusedNamingTheFile(@TempDir Path dir) throws Exception {
    Path site = Files.writeString(dir.resolve("hbase-site.xml"), "hbase.zookeeper.quorum=zk1\n");
    assertThatThrownBy(() -> ClientConfigurations.fromDirectory(dir)).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("'" + site + "' is not well-formed XML: line 1, column 1: ");
  }
}
