package org.hbaseturbo.jvm;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.ToolProvider;
import org.hbaseturbo.jvm.ClassArchive.Recording;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Class archives with real JVMs, on a classpath of one small jar. The servers' ({@link ClassArchive#ofLibrary}):
 * recorded by the servers, dumped as the first RegionServer serves, and mapped by the next with a conf directory after
 * the jar, as ServerJvm starts servers. A main's ({@link ClassArchive#ofMain}): dumped once its first JVM ended well,
 * and mapped by the next with the classpath's directories after its jars.
 */
class TestClassArchive {
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
          "    System.exit(args.length == 0 ? 0 : Integer.parseInt(args[0]));",
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
    ClassArchive archive = ClassArchive.library(lib, "RegionServers");
    // An earlier build's archive, which goes once this build's is made, with its owner file.
    Path archives = lib.resolveSibling("class-archive-lib");
    Files.createDirectories(archives);
    Files.writeString(archives.resolve("0000000000000000.jsa"), "an earlier build's");
    Files.writeString(archives.resolve("0000000000000000.owner"), "");
    // Another build that a JVM dumps now (it holds the build's owner lock): all of its files stay.
    Path dumping = Files.writeString(archives.resolve("2222222222222222.jsa.partial"), "being dumped");
    Path dumpingRecord = Files.writeString(archives.resolve("2222222222222222-1-1.classes"), "java/lang/Object\n");
    // A file of no build's, which is not the archive's to delete.
    Path foreign = Files.writeString(archives.resolve("notes.txt"), "not ours");
    // This build's records of a launcher that was killed, which go too, and of one that runs, which stays.
    String build = archive.archive().getFileName().toString().replace(".jsa", "");
    Process ended = new ProcessBuilder("true").start();
    ended.waitFor();
    Path orphan = Files.writeString(archives.resolve(build + "-" + ended.pid() + "-1.classes"), "java/lang/Object\n");
    Path live = Files.writeString(archives.resolve(build + "-" + ProcessHandle.current().pid() + "-99.classes"),
        "java/lang/Object\n");

    ClassArchive.Launch daemon = archive.launch();
    ClassArchive.Launch server = archive.launch();
    assertThat(run(daemon.flags(), "Daemon").exit()).isZero();
    assertThat(run(server.flags(), "Server").exit()).isZero();
    Recording daemonRecording = daemon.recording().orElseThrow();
    Recording serverRecording = server.recording().orElseThrow();
    assertThat(serverRecording.file()).isNotEqualTo(daemonRecording.file());
    assertThat(Files.readString(serverRecording.file())).contains("Server").doesNotContain("Daemon");
    Process holder = holdLock(archives.resolve("2222222222222222.owner"));
    try {
      // One dump, as the first RegionServer serves.
      serverRecording.complete();
      serverRecording.complete();
      archive.dumped().get(DUMP_SECONDS, TimeUnit.SECONDS);
    } finally {
      holder.getOutputStream().close();
      holder.waitFor();
    }
    daemonRecording.ended();
    serverRecording.ended();

    assertThat(archive.archive()).isRegularFile();
    assertThat(daemonRecording.file()).doesNotExist();
    assertThat(serverRecording.file()).doesNotExist();
    assertThat(archives.resolve("0000000000000000.jsa")).doesNotExist();
    assertThat(archives.resolve("0000000000000000.owner")).doesNotExist();
    assertThat(dumping).exists();
    assertThat(dumpingRecord).exists();
    assertThat(foreign).exists();
    assertThat(orphan).doesNotExist();
    assertThat(live).exists();
    for (String main : List.of("Server", "Daemon")) {
      ClassArchive.Launch next = archive.launch();
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
    assertThat(ClassArchive.library(lib, "RegionServers").launch().flags())
        .containsExactly("-XX:SharedArchiveFile=" + archive.archive());
  }

  @Test
  void aClusterClosingWaitsForTheDumpAndEndsOneThatOutlastsItsBound() throws Exception {
    ClassArchive archive = ClassArchive.library(lib, "RegionServers");
    ClassArchive.Launch first = archive.launch();
    run(first.flags(), "Server");
    first.recording().orElseThrow().complete();
    // Far below what a JVM takes to dump: ended, leaving no archive and no mark of a failure.
    archive.awaitDump(Duration.ofMillis(1));
    assertThat(archive.dumped()).isDone();
    assertThat(archive.archive()).doesNotExist();

    ClassArchive.Launch second = archive.launch();
    run(second.flags(), "Server");
    second.recording().orElseThrow().complete();
    archive.awaitDump(Duration.ofSeconds(DUMP_SECONDS));
    assertThat(archive.archive()).isRegularFile();
  }

  @Test
  void aChangedJarIsAnotherBuildWhoseArchiveIsMadeAnew() throws Exception {
    ClassArchive archive = made();

    try (OutputStream jar = Files.newOutputStream(lib.resolve("other.jar"))) {
      new JarOutputStream(jar).close();
    }
    ClassArchive rebuilt = ClassArchive.library(lib, "RegionServers");
    assertThat(rebuilt.archive()).isNotEqualTo(archive.archive()).doesNotExist();
    assertThat(rebuilt.launch().recording()).isPresent();
  }

  @Test
  void anArchiveOthersMayWriteIsNotMapped() throws Exception {
    ClassArchive archive = made();
    assertThat(ClassArchive.library(lib, "RegionServers").launch().flags()).isNotEmpty();

    Set<PosixFilePermission> mode = new HashSet<>(Files.getPosixFilePermissions(archive.archive()));
    mode.add(PosixFilePermission.GROUP_WRITE);
    Files.setPosixFilePermissions(archive.archive(), mode);
    assertThat(ClassArchive.library(lib, "RegionServers").launch()).isEqualTo(ClassArchive.Launch.WITHOUT);
  }

  @Test
  void nothingIsRecordedOrMappedBelowADirectoryOthersMayWriteUnlessItIsSticky() throws Exception {
    Path open = Files.createDirectories(dir.resolve("open"));
    Path openLib = Files.createDirectories(open.resolve("lib"));
    Files.copy(lib.resolve("server.jar"), openLib.resolve("server.jar"));
    chmod("777", open);
    assertThat(ClassArchive.library(openLib, "RegionServers").launch()).isEqualTo(ClassArchive.Launch.WITHOUT);
    try (var files = Files.list(open.resolve("class-archive-lib"))) {
      assertThat(files).as("the JVMs' records, which they would write where another user could put a link").isEmpty();
    }

    // As /tmp is: others may not rename or delete what is not theirs.
    chmod("1777", open);
    assertThat(ClassArchive.library(openLib, "RegionServers").launch().recording()).isPresent();
  }

  @Test
  void nothingIsMappedBelowADirectoryOfAnotherUser() throws Exception {
    Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "needs root, to give a directory away");
    Path theirs = Files.createDirectories(dir.resolve("theirs"));
    Path theirLib = Files.createDirectories(theirs.resolve("lib"));
    Files.copy(lib.resolve("server.jar"), theirLib.resolve("server.jar"));
    ClassArchive archive = ClassArchive.library(theirLib, "RegionServers");
    // Made while the directories were root's, then given away: the other user could now swap the archive.
    ClassArchive.Launch first = archive.launch();
    run(first.flags(), "Server");
    first.recording().orElseThrow().complete();
    archive.dumped().get(DUMP_SECONDS, TimeUnit.SECONDS);
    assertThat(ClassArchive.library(theirLib, "RegionServers").launch().flags()).isNotEmpty();

    Process chown = new ProcessBuilder("chown", "65534", theirs.toString()).inheritIO().start();
    assertThat(chown.waitFor()).isZero();
    assertThat(ClassArchive.library(theirLib, "RegionServers").launch()).isEqualTo(ClassArchive.Launch.WITHOUT);
  }

  @Test
  void aLinkInTheCachesPathIsFollowedOnceSoThatTheJvmsOpenWhatWasChecked() throws Exception {
    Path cache = Files.createDirectories(dir.resolve("real-cache"));
    Path link = Files.createSymbolicLink(dir.resolve("cache-link"), cache);
    ClassArchive archive = ClassArchive.main("Server", List.of(lib.resolve("server.jar").toString()), link)
        .orElseThrow();
    assertThat(archive.archive()).startsWithRaw(cache.toRealPath());
    assertThat(archive.launch().flags()).singleElement().asString()
        .startsWith("-XX:DumpLoadedClassList=" + cache.toRealPath());
  }

  @Test
  void earlierArchivesThatCannotBeRemovedLeaveTheArchiveMadeInUse() throws Exception {
    // A leftover of an earlier build that the removal fails on: a directory with a file in it.
    Path stuck = Files.createDirectories(lib.resolveSibling("class-archive-lib").resolve("0000000000000000.jsa"));
    Files.writeString(stuck.resolve("file"), "");
    ClassArchive archive = made();

    assertThat(stuck).exists();
    assertThat(archive.launch().flags()).containsExactly("-XX:SharedArchiveFile=" + archive.archive());
  }

  @Test
  void aFailedDumpTurnsTheArchiveOffForTheBuildForADay() throws Exception {
    ClassArchive archive = ClassArchive.library(lib, "RegionServers");
    ClassArchive.Launch launch = archive.launch();
    run(launch.flags(), "Server");
    Recording recording = launch.recording().orElseThrow();
    // A class list the dump refuses.
    Files.writeString(recording.file(), "@no-such-directive x\n", StandardOpenOption.APPEND);
    recording.complete();
    archive.dumped().get(DUMP_SECONDS, TimeUnit.SECONDS);

    assertThat(archive.archive()).doesNotExist();
    assertThat(archive.launch()).isEqualTo(ClassArchive.Launch.WITHOUT);
    assertThat(ClassArchive.library(lib, "RegionServers").launch()).isEqualTo(ClassArchive.Launch.WITHOUT);

    // A day later, the build tries again: the failure may have been the disk's, full then.
    try (var files = Files.list(archive.archive().getParent())) {
      for (Path failed : files.filter(file -> file.toString().endsWith(".failed")).toList()) {
        Files.setLastModifiedTime(failed, FileTime.from(Instant.now().minus(Duration.ofDays(1).plusMinutes(1))));
      }
    }
    assertThat(ClassArchive.library(lib, "RegionServers").launch().recording()).isPresent();
  }

  @Test
  void aMainsFirstJvmThatEndedWellIsDumpedAndItsLaterJvmsMapItWithTheClasspathsDirectoriesAfterItsJars()
      throws Exception {
    // A directory of classes first, as a test JVM's classpath has it.
    List<String> entries = List.of(conf.toString(), lib.resolve("server.jar").toString());
    assertThat(ClassArchive.mainClasspath(entries)).isEqualTo(lib.resolve("server.jar") + File.pathSeparator + conf);
    Class<?> main;
    try (URLClassLoader loader = new URLClassLoader(new URL[] {lib.resolve("server.jar").toUri().toURL()})) {
      main = loader.loadClass("Server");
    }
    Path archives = dir.resolve("cache/hbase-turbo/class-archives");
    // Another classpath's archive of the same main, unused for longer than its bound, which goes once this one is
    // made; and one used lately, which stays.
    Path unused = Files.createDirectories(archives.resolve("Server-0000000000000000"));
    Files.setLastModifiedTime(Files.writeString(unused.resolve("0000000000000000.jsa"), "unused"),
        FileTime.from(Instant.now().minus(Duration.ofDays(15))));
    Files.setLastModifiedTime(unused, FileTime.from(Instant.now().minus(Duration.ofDays(15))));
    Path used = Files.createDirectories(archives.resolve("Server-1111111111111111"));
    Files.writeString(used.resolve("1111111111111111.jsa"), "used lately");
    // Neither a link to an old directory elsewhere nor a directory not named as a main's is an archive to remove.
    Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
    Path precious = Files.writeString(elsewhere.resolve("precious"), "not an archive");
    Files.setLastModifiedTime(precious, FileTime.from(Instant.now().minus(Duration.ofDays(15))));
    Files.setLastModifiedTime(elsewhere, FileTime.from(Instant.now().minus(Duration.ofDays(15))));
    Files.createSymbolicLink(archives.resolve("Server-2222222222222222"), elsewhere);
    Path otherName = Files.createDirectories(archives.resolve("not-a-main"));
    Files.setLastModifiedTime(otherName, FileTime.from(Instant.now().minus(Duration.ofDays(15))));
    ClassArchive archive = ClassArchive.main(main.getName(), entries, dir.resolve("cache")).orElseThrow();
    assertThat(archive.classpath()).isEqualTo(lib.resolve("server.jar").toString());
    assertThat(archive.archive().getParent().getParent()).isEqualTo(archives);

    // A JVM that failed is no record to dump.
    assertThat(startArchived(archive, entries, main, "3")).isEqualTo(3);
    awaitNoRecord(archive);
    assertThat(archive.dumped()).isDone();
    assertThat(archive.archive()).doesNotExist();

    assertThat(startArchived(archive, entries, main, "0")).isZero();
    awaitNoRecord(archive);
    archive.dumped().get(DUMP_SECONDS, TimeUnit.SECONDS);
    assertThat(archive.archive()).isRegularFile();
    ClassArchive.Launch next = archive.launch();
    assertThat(next.flags()).containsExactly("-XX:SharedArchiveFile=" + archive.archive());
    List<String> flags = new ArrayList<>(next.flags());
    flags.addAll(List.of("-Xshare:on", "-Xlog:class+load=info"));
    Run run = run(flags, ClassArchive.mainClasspath(entries), "Server");
    assertThat(run.exit()).as(run.output()).isZero();
    assertThat(run.output()).contains("Server source: shared objects file");
    assertThat(unused).doesNotExist();
    assertThat(used.resolve("1111111111111111.jsa")).exists();
    assertThat(precious).exists();
    assertThat(otherName).exists();
    // Only its user may write the directory of a main's archive.
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(archive.archive().getParent())))
        .isEqualTo("rwx------");
  }

  @Test
  void aUserOfNoNameHasNoArchiveAndStartsItsJvmsAllTheSame() {
    String user = System.getProperty("user.name");
    System.setProperty("user.name", "hbase-turbo-no-such-user");
    try {
      // Its owner cannot be known, so no archive can be trusted: none, every time, and no failure.
      assertThat(ClassArchive.ofMain(TestClassArchive.class)).isEmpty();
      assertThat(ClassArchive.ofMain(TestClassArchive.class)).isEmpty();
    } finally {
      System.setProperty("user.name", user);
    }
  }

  @Test
  void aClasspathWithoutJarsHasNoArchive() throws Exception {
    assertThat(ClassArchive.main("Server", List.of(conf.toString(), lib.toString()), dir)).isEmpty();
  }

  /** A JVM that holds the lock on {@code file}, as a JVM that dumps holds its build's, until its stdin closes. */
  private Process holdLock(Path file) throws IOException {
    Path source = Files.writeString(dir.resolve("Holder.java"), String.join("\n",
        "public class Holder {",
        "  public static void main(String[] args) throws Exception {",
        "    try (var channel = java.nio.channels.FileChannel.open(java.nio.file.Path.of(args[0]),",
        "        java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);",
        "        var lock = channel.lock()) {",
        "      System.out.println(\"locked\");",
        "      System.in.read();",
        "    }",
        "  }",
        "}", ""));
    Process holder = new ProcessBuilder(ChildJvm.java(), source.toString(), file.toString())
        .redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String line = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8))
        .readLine();
    assertThat(line).as("the lock holder's first line").isEqualTo("locked");
    return holder;
  }

  private static void chmod(String mode, Path path) throws IOException, InterruptedException {
    // The sticky bit is beyond Java's PosixFilePermission.
    Process chmod = new ProcessBuilder("chmod", mode, path.toString()).inheritIO().start();
    assertThat(chmod.waitFor()).as("chmod " + mode + " " + path).isZero();
  }

  /** Starts {@code main} as ChildJvm starts a main on its archive; its exit code. */
  private static int startArchived(ClassArchive archive, List<String> entries, Class<?> main, String exit)
      throws IOException {
    return ChildJvm.startArchived(Optional.of(archive), ClassArchive.mainClasspath(entries), "Server", main,
        List.of(exit), command -> command, ProcessBuilder.Redirect.DISCARD, line -> true).waitFor();
  }

  /** Waits for the JVM's record to go, as it does once its end was seen to (and a dump started, if any). */
  private static void awaitNoRecord(ClassArchive archive) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(DUMP_SECONDS);
    Path dir = archive.archive().getParent();
    while (true) {
      try (var files = Files.list(dir)) {
        if (files.noneMatch(file -> file.getFileName().toString().matches(".*-[0-9]+-[0-9]+\\.classes"))) {
          return;
        }
      }
      assertThat(System.nanoTime()).as("the record in " + dir + " still there").isLessThan(deadline);
      Thread.sleep(20);
    }
  }

  /** An archive of this build, made. */
  private ClassArchive made() throws Exception {
    ClassArchive archive = ClassArchive.library(lib, "RegionServers");
    ClassArchive.Launch first = archive.launch();
    run(first.flags(), "Server");
    first.recording().orElseThrow().complete();
    archive.dumped().get(DUMP_SECONDS, TimeUnit.SECONDS);
    assertThat(archive.archive()).isRegularFile();
    return archive;
  }

  private record Run(int exit, String output) {
  }

  private Run run(List<String> flags, String main) throws IOException, InterruptedException {
    return run(flags, lib + File.separator + "*" + File.pathSeparator + conf, main);
  }

  private static Run run(List<String> flags, String classpath, String main) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(ChildJvm.java());
    command.addAll(flags);
    command.addAll(List.of("-cp", classpath, main));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    return new Run(process.waitFor(), output);
  }
}
