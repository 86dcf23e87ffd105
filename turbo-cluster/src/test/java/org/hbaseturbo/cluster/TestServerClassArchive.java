package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.ToolProvider;
import org.hbaseturbo.cluster.ServerClassArchive.Recording;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The server class archive with real JVMs, on a classpath of one small jar: recorded by the servers, dumped as the
 * first RegionServer serves, and mapped by the next with a conf directory after the jar, as ServerJvm starts servers.
 */
class TestServerClassArchive {
  private static final long DUMP_SECONDS = 120;

  @TempDir
  Path dir;
  private Path lib;
  private Path conf;

  @BeforeEach
  void buildLib() throws IOException {
    Path sources = Files.createDirectories(dir.resolve("src"));
    // Two servers that load classes of their own: a RegionServer, and a daemon (HDFS's) started beside it.
    for (String server : List.of("Server", "Daemon")) {
      Files.writeString(sources.resolve(server + ".java"), String.join("\n",
          "public class " + server + " {",
          "  public static void main(String[] args) {",
          "    System.out.println(new java.util.concurrent.ConcurrentSkipListMap<String, String>().isEmpty());",
          "  }",
          "}", ""));
    }
    Path classes = Files.createDirectories(dir.resolve("classes"));
    int compiled = ToolProvider.getSystemJavaCompiler().run(null, null, null, "-d", classes.toString(),
        sources.resolve("Server.java").toString(), sources.resolve("Daemon.java").toString());
    assertThat(compiled).isZero();
    lib = Files.createDirectories(dir.resolve("lib"));
    try (JarOutputStream jar = new JarOutputStream(Files.newOutputStream(lib.resolve("server.jar")))) {
      for (String server : List.of("Server", "Daemon")) {
        jar.putNextEntry(new JarEntry(server + ".class"));
        jar.write(Files.readAllBytes(classes.resolve(server + ".class")));
        jar.closeEntry();
      }
    }
    // A server's conf directory holds files, and comes after the jars.
    conf = Files.createDirectories(dir.resolve("conf"));
    Files.writeString(conf.resolve("hbase-site.xml"), "<configuration/>\n");
  }

  @Test
  void whatTheServersLoadedWhenTheFirstRegionServerServedIsDumpedAndServersStartedFromThenOnMapIt()
      throws Exception {
    ServerClassArchive archive = new ServerClassArchive(lib);
    // An earlier build's archive, which goes once this build's is made.
    Path archives = lib.resolveSibling("class-archive-lib");
    Files.createDirectories(archives);
    Files.writeString(archives.resolve("0000000000000000.jsa"), "an earlier build's");

    ServerClassArchive.Launch daemon = archive.launch();
    ServerClassArchive.Launch server = archive.launch();
    assertThat(run(daemon.flags(), "Daemon").exit()).isZero();
    assertThat(run(server.flags(), "Server").exit()).isZero();
    Recording daemonRecording = daemon.recording().orElseThrow();
    Recording serverRecording = server.recording().orElseThrow();
    assertThat(serverRecording.file()).isNotEqualTo(daemonRecording.file());
    assertThat(Files.readString(serverRecording.file())).contains("Server").doesNotContain("Daemon");
    // One dump, as the first RegionServer serves.
    serverRecording.served();
    serverRecording.served();
    archive.dumped().get(DUMP_SECONDS, TimeUnit.SECONDS);
    daemonRecording.ended();
    serverRecording.ended();

    assertThat(archive.archive()).isRegularFile();
    assertThat(daemonRecording.file()).doesNotExist();
    assertThat(serverRecording.file()).doesNotExist();
    assertThat(archives.resolve("0000000000000000.jsa")).doesNotExist();
    for (String main : List.of("Server", "Daemon")) {
      ServerClassArchive.Launch next = archive.launch();
      assertThat(next.recording()).isEmpty();
      assertThat(next.flags()).containsExactly("-XX:SharedArchiveFile=" + archive.archive());
      // -Xshare:on refuses to start without the archive; the server's own class comes from it.
      List<String> flags = new ArrayList<>(next.flags());
      flags.addAll(List.of("-Xshare:on", "-Xlog:class+load=info"));
      Run run = run(flags, main);
      assertThat(run.exit()).as(run.output()).isZero();
      assertThat(run.output()).contains(main + " source: shared objects file");
    }
    // Another JVM of the same build maps the archive made by this one.
    assertThat(new ServerClassArchive(lib).launch().flags())
        .containsExactly("-XX:SharedArchiveFile=" + archive.archive());
  }

  @Test
  void aClusterClosingWaitsForTheDumpAndEndsOneThatOutlastsItsBound() throws Exception {
    ServerClassArchive archive = new ServerClassArchive(lib);
    ServerClassArchive.Launch first = archive.launch();
    run(first.flags(), "Server");
    first.recording().orElseThrow().served();
    // Far below what a JVM takes to dump: ended, leaving no archive and no mark of a failure.
    archive.awaitDump(Duration.ofMillis(1));
    assertThat(archive.dumped()).isDone();
    assertThat(archive.archive()).doesNotExist();

    ServerClassArchive.Launch second = archive.launch();
    run(second.flags(), "Server");
    second.recording().orElseThrow().served();
    archive.awaitDump(Duration.ofSeconds(DUMP_SECONDS));
    assertThat(archive.archive()).isRegularFile();
  }

  @Test
  void aChangedJarIsAnotherBuildWhoseArchiveIsMadeAnew() throws Exception {
    ServerClassArchive archive = made();

    try (OutputStream jar = Files.newOutputStream(lib.resolve("other.jar"))) {
      new JarOutputStream(jar).close();
    }
    ServerClassArchive rebuilt = new ServerClassArchive(lib);
    assertThat(rebuilt.archive()).isNotEqualTo(archive.archive()).doesNotExist();
    assertThat(rebuilt.launch().recording()).isPresent();
  }

  @Test
  void anArchiveOthersMayWriteIsNotMapped() throws Exception {
    ServerClassArchive archive = made();
    assertThat(new ServerClassArchive(lib).launch().flags()).isNotEmpty();

    Set<PosixFilePermission> mode = new HashSet<>(Files.getPosixFilePermissions(archive.archive()));
    mode.add(PosixFilePermission.GROUP_WRITE);
    Files.setPosixFilePermissions(archive.archive(), mode);
    assertThat(new ServerClassArchive(lib).launch()).isEqualTo(ServerClassArchive.Launch.WITHOUT);
  }

  @Test
  void aFailedDumpTurnsTheArchiveOffForTheBuild() throws Exception {
    ServerClassArchive archive = new ServerClassArchive(lib);
    ServerClassArchive.Launch launch = archive.launch();
    run(launch.flags(), "Server");
    Recording recording = launch.recording().orElseThrow();
    // A class list the dump refuses.
    Files.writeString(recording.file(), "@no-such-directive x\n", StandardOpenOption.APPEND);
    recording.served();
    archive.dumped().get(DUMP_SECONDS, TimeUnit.SECONDS);

    assertThat(archive.archive()).doesNotExist();
    assertThat(archive.launch()).isEqualTo(ServerClassArchive.Launch.WITHOUT);
    assertThat(new ServerClassArchive(lib).launch()).isEqualTo(ServerClassArchive.Launch.WITHOUT);
  }

  /** An archive of this build, made. */
  private ServerClassArchive made() throws Exception {
    ServerClassArchive archive = new ServerClassArchive(lib);
    ServerClassArchive.Launch first = archive.launch();
    run(first.flags(), "Server");
    first.recording().orElseThrow().served();
    archive.dumped().get(DUMP_SECONDS, TimeUnit.SECONDS);
    assertThat(archive.archive()).isRegularFile();
    return archive;
  }

  private record Run(int exit, String output) {
  }

  private Run run(List<String> flags, String main) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(flags);
    command.addAll(List.of("-cp", lib + File.separator + "*" + File.pathSeparator + conf, main));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Run(process.waitFor(), output);
  }
}
