package org.hbaseturbo.cluster;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermission;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;
import org.hbaseturbo.jvm.WatchedProcess;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A class-data-sharing archive of the classes a RegionServer loads, for every server JVM of a process cluster
 * (RegionServers, ZooKeeper, HDFS's daemons: they share one classpath). A JVM that maps it finds those classes parsed
 * and verified already, which is most of a RegionServer's CPU before it serves (docs/operating.md, "A cluster of
 * processes").
 *
 * <p>One archive per build of the classpath: it is named after the classpath's jars (names, sizes and times, which
 * the JVM checks too) and the JVM. Until it is made, each server JVM records the classes it loads
 * ({@code -XX:DumpLoadedClassList}, a file of some 700 KB). Once the first RegionServer serves, what it and the other
 * server JVMs this JVM started recorded so far (its cluster's HDFS daemons, which start before it) is dumped
 * ({@code -Xshare:dump}) in the background, by this JVM, which holds a lock on the build's owner file meanwhile so
 * that one JVM on the host dumps. The server JVMs started from then on map the archive.
 *
 * <p>It is a speed-up, nothing more: where its directory cannot be written (a cluster run as an unprivileged user
 * from a checkout it does not own) or the dump fails, the servers start as they would without it. An archive is used
 * only when its owner is the classpath directory's and no one else may write it, since a JVM runs the code an archive
 * holds. The JVM maps an archive only when its classpath starts with the jars the archive was dumped from,
 * directories after them ({@link ServerJvm} puts a server's conf directory last).
 */
final class ServerClassArchive {
  private static final Logger LOG = LoggerFactory.getLogger(ServerClassArchive.class);
  /** Exit codes above it are a JVM that a signal ended: as this JVM's end ends the dump it started. */
  private static final int KILLED = 128;
  private static final Map<Path, ServerClassArchive> OF_LIBRARY = new ConcurrentHashMap<>();

  private final Path lib;
  private final Path dir;
  private final String build;
  /** Held while this JVM dumps the build's archive; null otherwise. */
  private FileChannel owner;
  /** Whether this JVM gave the archive up: its servers start without one. */
  private boolean off;
  private int recordings;
  /** The records of the server JVMs this JVM started that still run, in their start order. */
  private final Set<Path> running = new LinkedHashSet<>();
  /** The dump this JVM runs; null when none runs. */
  private WatchedProcess dumping;
  private CompletableFuture<Void> dump = CompletableFuture.completedFuture(null);

  ServerClassArchive(Path lib) throws IOException {
    this.lib = lib;
    this.dir = lib.resolveSibling("class-archive-" + lib.getFileName());
    this.build = buildOf(lib);
  }

  /** The archive of the server classpath {@code lib} (a directory of jars), one per JVM. */
  static ServerClassArchive of(Path lib) throws IOException {
    try {
      return OF_LIBRARY.computeIfAbsent(lib, dir -> {
        try {
          return new ServerClassArchive(dir);
        } catch (IOException e) {
          throw new UncheckedIOException(e);
        }
      });
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
  }

  /**
   * What a server JVM about to start gets: the flag that maps the archive, once there is one; else the flag that
   * records the classes it loads ({@code recording}).
   */
  record Launch(List<String> flags, Optional<Recording> recording) {
    static final Launch WITHOUT = new Launch(List.of(), Optional.empty());
  }

  /** The classes a server JVM loads, as it records them. */
  final class Recording {
    private final Path file;

    private Recording(Path file) {
      this.file = file;
    }

    /**
     * Once the RegionServer serves: what the running servers loaded so far is dumped, unless an archive is made or
     * in the making.
     */
    void served() {
      ServerClassArchive.this.served();
    }

    /** Once its JVM ended: the record goes. */
    void ended() {
      ServerClassArchive.this.ended(file);
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        LOG.debug("deleting {} failed", file, e);
      }
    }

    Path file() {
      return file;
    }
  }

  synchronized Launch launch() {
    if (off) {
      return Launch.WITHOUT;
    }
    try {
      Path archive = archive();
      if (Files.exists(failed())) {
        LOG.info("RegionServers start without a class archive: its dump for this build failed before; see {}",
            dumpLog());
        return turnOff();
      }
      if (Files.exists(archive)) {
        if (!trusted(archive)) {
          LOG.warn("RegionServers start without the class archive {}: its owner is not the owner of {}, or others"
              + " may write it", archive, lib);
          return turnOff();
        }
        return new Launch(List.of("-XX:SharedArchiveFile=" + archive), Optional.empty());
      }
      Files.createDirectories(dir);
      if (!Files.isWritable(dir)) {
        // Made by another user, as a cluster run as an unprivileged user finds the checkout's.
        throw new AccessDeniedException(dir.toString());
      }
      Path file = dir.resolve(build + "-" + ProcessHandle.current().pid() + "-" + ++recordings + ".classes");
      running.add(file);
      return new Launch(List.of("-XX:DumpLoadedClassList=" + file), Optional.of(new Recording(file)));
    } catch (AccessDeniedException e) {
      LOG.info("RegionServers start without a class archive: {} cannot be written by this user", e.getFile());
      return turnOff();
    } catch (IOException e) {
      LOG.warn("RegionServers start without a class archive: {}", e.toString());
      return turnOff();
    }
  }

  private synchronized void served() {
    try {
      if (!off && owner == null && !Files.exists(archive()) && own()) {
        // Each class once, in the order the servers loaded them (a class's supertypes before it).
        Set<String> lines = new LinkedHashSet<>();
        for (Path file : running) {
          lines.addAll(completeLines(file));
        }
        Path classes = dir.resolve(build + ".classes");
        Files.write(classes, lines, StandardCharsets.ISO_8859_1);
        dumpInBackground(classes);
      }
    } catch (IOException e) {
      LOG.warn("RegionServers start without a class archive: {}", e.toString());
      turnOff();
    }
  }

  private synchronized void ended(Path file) {
    running.remove(file);
  }

  /**
   * Waits for a dump this JVM runs to end, at a cluster's close, so that nothing its launcher started outlives the
   * cluster; after {@code bound} (a dump takes some 15 s of a core, and the servers it ran beside have stopped),
   * ends it, leaving the archive to a later start.
   */
  static void awaitDumps(Duration bound) {
    OF_LIBRARY.values().forEach(archive -> archive.awaitDump(bound));
  }

  void awaitDump(Duration bound) {
    WatchedProcess process;
    CompletableFuture<Void> ended;
    synchronized (this) {
      process = dumping;
      ended = dump;
    }
    if (process == null) {
      return;
    }
    LOG.info("waiting for the class archive's dump to end: {}", archive());
    try {
      ended.get(bound.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      LOG.info("ending the class archive's dump, still running after {} s; a later start dumps again",
          bound.toSeconds());
      try {
        process.stop();
      } catch (IOException stopFailed) {
        LOG.debug("ending the dump failed", stopFailed);
      }
      ended.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
      // dumpEnded saw to it.
      LOG.debug("the class archive's dump failed", e);
    }
  }

  /** Completes once a dump this JVM started has ended, archive made or not. */
  synchronized CompletableFuture<Void> dumped() {
    return dump;
  }

  /** The archive file of this build: present once made. */
  Path archive() {
    return dir.resolve(build + ".jsa");
  }

  private Path failed() {
    return dir.resolve(build + ".failed");
  }

  private Path dumpLog() {
    return dir.resolve(build + ".dump.log");
  }

  private Launch turnOff() {
    off = true;
    disown();
    return Launch.WITHOUT;
  }

  /** Takes the build's owner lock, unless another JVM holds it. */
  private boolean own() throws IOException {
    FileChannel channel = FileChannel.open(dir.resolve(build + ".owner"), StandardOpenOption.CREATE,
        StandardOpenOption.WRITE);
    if (FileLocks.tryLock(channel) == null) {
      channel.close();
      return false;
    }
    owner = channel;
    return true;
  }

  private void disown() {
    if (owner != null) {
      try {
        owner.close();
      } catch (IOException e) {
        LOG.debug("closing the class archive's owner file failed", e);
      }
      owner = null;
    }
  }

  private void dumpInBackground(Path classes) throws IOException {
    Path partial = dir.resolve(build + ".jsa.partial");
    Files.deleteIfExists(partial);
    // At the lowest priority: it runs beside the cluster's first work, a benchmark's included, and must not take
    // the CPU that work measures.
    List<String> command = List.of("nice", "-n", "19", Path.of(System.getProperty("java.home"), "bin", "java")
        .toString(), "-Xshare:dump", "-XX:SharedClassListFile=" + classes, "-XX:SharedArchiveFile=" + partial, "-cp",
        lib + File.separator + "*");
    LOG.info("making the class archive of the RegionServers' classpath in the background: {}", archive());
    dumping = WatchedProcess.start(new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(dumpLog().toFile()));
    dump = dumping.onExit().handle((code, failure) -> {
      dumpEnded(partial, failure == null ? code : -1);
      return null;
    });
  }

  private synchronized void dumpEnded(Path partial, int exitCode) {
    dumping = null;
    try {
      if (exitCode == 0 && Files.exists(partial)) {
        Files.move(partial, archive(), StandardCopyOption.ATOMIC_MOVE);
        LOG.info("RegionServers started from now on map the class archive {}", archive());
        removeOtherBuilds();
      } else {
        Files.deleteIfExists(partial);
        if (exitCode <= KILLED) {
          // Not again for this build, by any JVM: it would fail the same way.
          Files.createFile(failed());
          LOG.warn("RegionServers start without a class archive: dumping it failed (exit code {}); see {}", exitCode,
              dumpLog());
          turnOff();
          return;
        }
      }
    } catch (IOException e) {
      LOG.warn("RegionServers start without a class archive: {}", e.toString());
      turnOff();
      return;
    }
    disown();
  }

  /** An archive is some 100 MB: those of earlier builds go once this build's is made. */
  private void removeOtherBuilds() throws IOException {
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path file : files) {
        String name = file.getFileName().toString();
        if (!name.startsWith(build + ".") && !name.startsWith(build + "-")) {
          Files.deleteIfExists(file);
        }
      }
    }
  }

  /** Whether no one can have changed {@code archive} but whoever could change the jars it holds classes of. */
  private boolean trusted(Path archive) throws IOException {
    Set<PosixFilePermission> mode = Files.getPosixFilePermissions(archive, LinkOption.NOFOLLOW_LINKS);
    return Files.getOwner(archive, LinkOption.NOFOLLOW_LINKS).equals(Files.getOwner(lib))
        && !mode.contains(PosixFilePermission.GROUP_WRITE) && !mode.contains(PosixFilePermission.OTHERS_WRITE);
  }

  /** Its lines, up to its last line end: a JVM still running writes it on. A JVM that could not write it has none. */
  private static List<String> completeLines(Path file) throws IOException {
    if (!Files.exists(file)) {
      return List.of();
    }
    // Byte for byte: a JVM still writing may have written part of a character.
    String text = Files.readString(file, StandardCharsets.ISO_8859_1);
    return text.substring(0, text.lastIndexOf('\n') + 1).lines().toList();
  }

  /** The build of the classpath and the JVM that an archive is made for: what the JVM checks before mapping one. */
  private static String buildOf(Path lib) throws IOException {
    MessageDigest digest = sha256();
    digest.update((System.getProperty("java.home") + "\n" + System.getProperty("java.vm.version") + "\n")
        .getBytes(StandardCharsets.UTF_8));
    try (Stream<Path> jars = Files.list(lib)) {
      for (Path jar : jars.filter(file -> file.toString().endsWith(".jar")).sorted().toList()) {
        BasicFileAttributes attributes = Files.readAttributes(jar, BasicFileAttributes.class);
        digest.update((jar.getFileName() + " " + attributes.size() + " " + attributes.lastModifiedTime().toMillis()
            + "\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    return HexFormat.of().formatHex(digest.digest(), 0, 8);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }
}
