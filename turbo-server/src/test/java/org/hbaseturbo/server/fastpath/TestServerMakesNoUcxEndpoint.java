package org.hbaseturbo.server.fastpath;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * No RegionServer class makes a UCX endpoint: UCX parses a worker address in native code that asserts rather than
 * refuses (a 1-byte address aborted a RegionServer; a forged one made it map a file of its choosing), so the server
 * never hands UCX an address. It answers over the endpoints UCX itself made when clients connected. An endpoint can
 * only be made through {@code UcpEndpointParams}, so a class file that names it is one that could: read from the
 * compiled classes, where a fully qualified name or a lambda counts too.
 */
class TestServerMakesNoUcxEndpoint {
  private static final String ENDPOINT_PARAMS = "org/openucx/jucx/ucp/UcpEndpointParams";

  @Test
  void noServerClassNamesUcpEndpointParams() throws Exception {
    List<Path> server = classFiles(classesOf(FastPathServer.class));
    assertThat(server).as("the server's classes are read").anySatisfy(file -> assertThat(file.toString())
        .endsWith("FastPathWorker.class"));
    assertThat(server.stream().filter(TestServerMakesNoUcxEndpoint::namesEndpointParams).toList())
        .as("RegionServer classes that could make a UCX endpoint from a peer's bytes").isEmpty();
  }

  @Test
  void theReadingSeesAClassThatMakesAnEndpoint() throws Exception {
    // The test's raw client makes one to a server worker's address: the check must see it there.
    assertThat(classFiles(classesOf(RawFastPathClient.class)).stream()
        .filter(TestServerMakesNoUcxEndpoint::namesEndpointParams).map(Path::getFileName).map(Path::toString))
        .contains("RawFastPathClient.class");
  }

  /** Whether the class file's constant pool holds the name (class names are stored there as UTF-8). */
  private static boolean namesEndpointParams(Path classFile) {
    try {
      return new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1).contains(ENDPOINT_PARAMS);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static List<Path> classFiles(Path root) throws IOException {
    try (Stream<Path> files = Files.walk(root)) {
      return files.filter(file -> file.toString().endsWith(".class")).toList();
    }
  }

  private static Path classesOf(Class<?> type) throws URISyntaxException {
    return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
  }
}
