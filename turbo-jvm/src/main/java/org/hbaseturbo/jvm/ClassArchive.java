package org.hbaseturbo.jvm;

import java.io.File;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
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
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A class-data-sharing archive of the classes that JVMs of one kind load, which the JVMs of that kind started later
 * map: they find those classes parsed and verified already, most of a JVM's CPU before it does its work
 * (docs/operating.md, "A cluster of processes"). Two kinds use one:
 * <ul>
 *   <li>the server JVMs of a process cluster ({@link #ofLibrary}), on the RegionServers' directory of jars: dumped from
 *       what the running servers loaded once the first RegionServer serves;</li>
 *   <li>the JVMs of a main class this JVM starts many times over, a YCSB phase ({@link #ofMain}), on this JVM's jars:
 *       dumped from what the first of them loaded once it ended well, into the user's cache.</li>
 * </ul>
 *
 * <p>One archive per build: it is named after the classpath's jars (paths, sizes and times, which the JVM checks too)
 * and the JVM. Until it is made, each JVM records the classes it loads ({@code -XX:DumpLoadedClassList}, some
 * 700 KB). The dump ({@code -Xshare:dump}) runs in the background, by this JVM, which holds a lock on the build's
 * owner file meanwhile so that one JVM on the host dumps. It is ended when this JVM ends, and then made by a later
 * start.
 *
 * <p>It is a speed-up, nothing more: where its directory cannot be written (a cluster run as an unprivileged user
 * from a checkout it does not own) or the dump fails, the JVMs start as they would without it. An archive is used
 * only when it and its directory are owned by whoever owns the jars (the servers' library) or runs this JVM (a main's
 * archive, in the user's cache) and no one else may write them, nor any directory above them, since a JVM runs the
 * code an archive holds; nothing is written there either until that holds ({@link ArchiveDirectory}). The JVM
 * maps an archive only when its classpath starts with the jars the archive was dumped from ({@link #classpath()}),
 * directories after them.
 */
public final class ClassArchive {
  /** Exit codes above it are a JVM that a signal ended: as this JVM's end ends the dump it started. */
  private static final int KILLED = 128;
  private static final Map<Path, ClassArchive> OF_DIRECTORY = new ConcurrentHashMap<>();
  /** The mains whose archive could not be named, said once each. */
  private static final Set<String> UNNAMED = ConcurrentHashMap.newKeySet();
  /** How long another classpath's archive of a main lies unused in the user's cache before it goes. */
  private static final Duration UNUSED = Duration.ofDays(14);
  /**
   * How long a failed dump keeps a build from dumping again: a refused class list would fail the same way at every
   * start, but a full disk or a killed dump need not.
   */
  private static final Duration FAILURE_HOLDS = Duration.ofDays(1);
  /** The dumps this JVM runs, of whatever build: a cluster's close and this JVM's end wait for them. */
  private static final Set<ClassArchive> DUMPING = ConcurrentHashMap.newKeySet();

  private final String users;
  private final ArchiveDirectory directory;
  private final String classpath;
  /** Whether it is a main's, in the user's cache, beside other classpaths' archives, rather than a library's. */
  private final boolean inUserCache;
  private final String build;
  /** Whether this JVM gave the archive up: its JVMs start without one. */
  private boolean off;
  private int recordings;
  /** The records of the JVMs this JVM started that still run, in their start order. */
  private final Set<Path> running = new LinkedHashSet<>();
  /** The last dump this JVM started; null before the first. */
  private Dump dump;

  /** A dump this JVM runs, and the build's owner lock it holds meanwhile. */
  private record Dump(FileChannel owner, WatchedProcess process, CompletableFuture<Void> ended) {
  }

  private ClassArchive(String users, ArchiveDirectory directory, String classpath, boolean inUserCache,
      String build) {
    this.users = users;
    this.directory = directory;
    this.classpath = classpath;
    this.inUserCache = inUserCache;
    this.build = build;
  }

  /**
   * The archive of the JVMs whose classpath starts with every jar of {@code lib} ({@code lib/*}), one per JVM and
   * build: the servers of a process cluster. It lives beside {@code lib}.
   *
   * @param users what starts without an archive, for messages ("RegionServers")
   */
  public static ClassArchive ofLibrary(Path lib, String users) throws IOException {
    return shared(library(lib, users));
  }

  /** As {@link #ofLibrary}, but as another JVM would find it. */
  static ClassArchive library(Path lib, String users) throws IOException {
    List<Path> jars;
    try (Stream<Path> files = Files.list(lib)) {
      jars = files.filter(ClassArchive::isJar).sorted().toList();
    }
    // Where the links lead now: the JVMs open what the checks saw, whatever a link is made to say later.
    return new ClassArchive(users, new ArchiveDirectory(lib.toRealPath().resolveSibling("class-archive-"
        + lib.getFileName()), Files.getOwner(lib)), lib + File.separator + "*", false, buildOf(jars, ""));
  }

  /**
   * The archive of the JVMs of {@code main} on this JVM's classpath: its jars, which the JVMs get first ({@link
   * #classpath()}), then its other entries ({@link #mainClasspath()}). It lives in the user's cache
   * ({@code $XDG_CACHE_HOME}, or else {@code ~/.cache}: {@code hbase-turbo/class-archives/MAIN-CLASSPATH}), one
   * directory per main and list of jars. None when the classpath has no jar, or the archive cannot be named (one
   * WARN for the main in this JVM): the JVMs then start without one.
   */
  public static Optional<ClassArchive> ofMain(Class<?> main) {
    try {
      Optional<ClassArchive> archive = main(main.getName(), entriesOfThisJvm(), cacheHome());
      return archive.isPresent() ? Optional.of(shared(archive.get())) : archive;
    } catch (IOException e) {
      // Once: a benchmark starts dozens of them, each of which would meet it again (a user of no name).
      if (UNNAMED.add(main.getName())) {
        log().warn("{} JVMs start without a class archive: {}", main.getSimpleName(), e.toString());
      }
      return Optional.empty();
    }
  }

  /** As {@link #ofMain}, on the classpath {@code entries}, in {@code cache}, and as another JVM would find it. */
  static Optional<ClassArchive> main(String main, List<String> entries, Path cache) throws IOException {
    List<Path> jars = entries.stream().map(Path::of).filter(ClassArchive::isJar).toList();
    if (jars.isEmpty()) {
      return Optional.empty();
    }
    Path archives = ArchiveDirectory.real(cache).resolve("hbase-turbo").resolve("class-archives");
    String jarList = String.join(File.pathSeparator, jars.stream().map(Path::toString).toList());
    UserPrincipal user = FileSystems.getDefault().getUserPrincipalLookupService()
        .lookupPrincipalByName(System.getProperty("user.name"));
    return Optional.of(new ClassArchive(main.substring(main.lastIndexOf('.') + 1) + " JVMs",
        new ArchiveDirectory(archives.resolve(main + "-" + shortHash(jarList)), user), jarList, true,
        buildOf(jars, main)));
  }

  private static Path cacheHome() {
    String xdg = System.getenv("XDG_CACHE_HOME");
    return xdg != null && Path.of(xdg).isAbsolute() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
  }

  /**
   * This JVM's classpath as a JVM on an {@link #ofMain} archive gets it: the jars first, then the other entries
   * (directories of classes), each group in its order.
   */
  public static String mainClasspath() {
    return mainClasspath(entriesOfThisJvm());
  }

  static String mainClasspath(List<String> entries) {
    List<String> jars = new ArrayList<>();
    List<String> others = new ArrayList<>();
    for (String entry : entries) {
      (isJar(Path.of(entry)) ? jars : others).add(entry);
    }
    jars.addAll(others);
    return String.join(File.pathSeparator, jars);
  }

  /** The one instance of {@code archive}'s directory in this JVM, while its build holds. */
  private static ClassArchive shared(ClassArchive archive) {
    return OF_DIRECTORY.compute(archive.directory.path(),
        (dir, known) -> known != null && known.build.equals(archive.build) ? known : archive);
  }

  /**
   * What a JVM about to start gets: the flag that maps the archive, once there is one; else the flag that records
   * the classes it loads ({@code recording}).
   */
  public record Launch(List<String> flags, Optional<Recording> recording) {
    public static final Launch WITHOUT = new Launch(List.of(), Optional.empty());
  }

  /** The classes a JVM loads, as it records them. */
  public final class Recording {
    private final Path file;

    private Recording(Path file) {
      this.file = file;
    }

    /**
     * Once its JVM loaded what the archive should hold (a RegionServer serves, a YCSB phase ended well): what the
     * running JVMs loaded so far is dumped, unless an archive is made or in the making.
     */
    public void complete() {
      ClassArchive.this.complete();
    }

    /** Once its JVM ended: the record goes. */
    public void ended() {
      ClassArchive.this.ended(file);
      try {
        Files.deleteIfExists(file);
      } catch (IOException e) {
        log().debug("deleting {} failed", file, e);
      }
    }

    Path file() {
      return file;
    }
  }

  /** The jars the archive holds classes of, as the start of a classpath. */
  public String classpath() {
    return classpath;
  }

  public synchronized Launch launch() {
    if (off) {
      return Launch.WITHOUT;
    }
    try {
      Path archive = archive();
      if (failedLately()) {
        log().info("{} start without a class archive: its dump for this build failed lately; see {}", users,
            dumpLog());
        return turnOff();
      }
      if (Files.exists(archive)) {
        if (!directory.trusted(archive) || !directory.trustedPlace()) {
          log().warn("{} start without the class archive {}: it, its directory or one above it is not {}'s (or"
              + " root's, above it), or others may write it", users, archive, directory.owner().getName());
          return turnOff();
        }
        if (inUserCache) {
          markUsed(archive);
        }
        return new Launch(List.of("-XX:SharedArchiveFile=" + archive), Optional.empty());
      }
      if (inUserCache) {
        // Its user's alone: a JVM runs the code an archive holds.
        Files.createDirectories(directory.path(), PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rwx------")));
      } else {
        // Readable as the library is: a cluster run as an unprivileged user maps an archive that the library's owner
        // made. No more than that, whatever the umask allows (002 would let the group write it, never to be trusted).
        Files.createDirectories(directory.path(), PosixFilePermissions.asFileAttribute(
            PosixFilePermissions.fromString("rwxr-xr-x")));
      }
      if (!Files.isWritable(directory.path())) {
        // Made by another user, as a cluster run as an unprivileged user finds the checkout's.
        throw new AccessDeniedException(directory.path().toString());
      }
      if (!directory.trustedPlace()) {
        // The JVMs would write their records, and the dump its archive, where another user could put links.
        log().warn("{} start without a class archive: {} or a directory above it is not {}'s (or root's, above it),"
            + " or others may write it", users, directory.path(), directory.owner().getName());
        return turnOff();
      }
      Path file = directory.resolve(build + "-" + ProcessHandle.current().pid() + "-" + ++recordings + ".classes");
      running.add(file);
      return new Launch(List.of("-XX:DumpLoadedClassList=" + file), Optional.of(new Recording(file)));
    } catch (AccessDeniedException e) {
      log().info("{} start without a class archive: {} cannot be written by this user", users, e.getFile());
      return turnOff();
    } catch (IOException | RuntimeException e) {
      // RuntimeException: a file system without Unix attributes, say; the JVMs start all the same.
      log().warn("{} start without a class archive: {}", users, e.toString());
      return turnOff();
    }
  }

  /**
   * Its logger, got at each use rather than when the class loads: a command that started no JVM asks it for dumps as
   * it ends, and must not start logging then (log4j, given no file to write to yet, would print an error).
   */
  private static Logger log() {
    return LoggerFactory.getLogger(ClassArchive.class);
  }

  /** Marks {@code archive} in use, so that it is not one of the unused ones that removeUnusedSiblings deletes. */
  private static void markUsed(Path archive) {
    try {
      Files.setLastModifiedTime(archive, FileTime.from(Instant.now()));
    } catch (IOException e) {
      // A cache on a file system mounted read-only since: the archive serves all the same.
      log().debug("marking {} in use failed", archive, e);
    }
  }

  private synchronized void complete() {
    if (off || (dump != null && !dump.ended().isDone()) || Files.exists(archive())) {
      return;
    }
    try {
      FileChannel owner = own();
      if (owner == null) {
        return;
      }
      if (Files.exists(archive()) || failedLately()) {
        // Made, or given up, by the JVM that held the lock until now.
        owner.close();
        return;
      }
      try {
        // Each class once, in the order the JVMs loaded them (a class's supertypes before it).
        Set<String> lines = new LinkedHashSet<>();
        for (Path file : running) {
          lines.addAll(completeLines(file));
        }
        Path classes = directory.resolve(build + ".classes");
        Files.write(classes, lines, StandardCharsets.ISO_8859_1);
        dumpInBackground(owner, classes);
      } catch (IOException | RuntimeException e) {
        owner.close();
        throw e;
      }
    } catch (IOException | RuntimeException e) {
      log().warn("{} start without a class archive: {}", users, e.toString());
      turnOff();
    }
  }

  private synchronized void ended(Path file) {
    running.remove(file);
  }

  /**
   * Waits for the dumps this JVM runs to end, at a cluster's close, so that nothing its launcher started outlives the
   * cluster; after {@code bound} (a dump takes some 10-15 s of a core), ends them, leaving the archives to a later
   * start.
   */
  public static void awaitDumps(Duration bound) {
    awaitDumps(bound, archive -> log().info("waiting for the class archive's dump to end: {}", archive));
  }

  /** As {@link #awaitDumps(Duration)}, telling {@code waiting} each archive whose dump it waits for. */
  public static void awaitDumps(Duration bound, Consumer<Path> waiting) {
    List.copyOf(DUMPING).forEach(archive -> archive.awaitDump(bound, waiting));
  }

  void awaitDump(Duration bound) {
    awaitDump(bound, archive -> { });
  }

  private void awaitDump(Duration bound, Consumer<Path> waiting) {
    Dump running;
    synchronized (this) {
      running = dump;
    }
    if (running == null || running.ended().isDone()) {
      return;
    }
    waiting.accept(archive());
    try {
      running.ended().get(bound.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      log().info("ending the class archive's dump, still running after {} s; a later start dumps again",
          bound.toSeconds());
      try {
        running.process().stop();
      } catch (IOException stopFailed) {
        log().debug("ending the dump failed", stopFailed);
      }
      running.ended().join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException e) {
      // dumpEnded saw to it.
      log().debug("the class archive's dump failed", e);
    }
  }

  /** Completes once the last dump this JVM started has ended, archive made or not. */
  synchronized CompletableFuture<Void> dumped() {
    return dump == null ? CompletableFuture.completedFuture(null) : dump.ended();
  }

  /** The archive file of this build: present once made. */
  public Path archive() {
    return directory.resolve(build + ".jsa");
  }

  /** Whether a dump of this build failed within {@link #FAILURE_HOLDS}; an older failure's mark goes. */
  private boolean failedLately() throws IOException {
    Path failed = failed();
    if (!Files.exists(failed, LinkOption.NOFOLLOW_LINKS)) {
      return false;
    }
    if (Files.getLastModifiedTime(failed, LinkOption.NOFOLLOW_LINKS).toInstant()
        .isAfter(Instant.now().minus(FAILURE_HOLDS))) {
      return true;
    }
    Files.deleteIfExists(failed);
    return false;
  }

  private Path failed() {
    return directory.resolve(build + ".failed");
  }

  private Path dumpLog() {
    return directory.resolve(build + ".dump.log");
  }

  private Launch turnOff() {
    off = true;
    return Launch.WITHOUT;
  }

  /** The build's owner lock, unless another JVM holds it. */
  private FileChannel own() throws IOException {
    FileChannel channel = FileChannel.open(directory.resolve(build + ".owner"), StandardOpenOption.CREATE,
        StandardOpenOption.WRITE);
    if (FileLocks.tryLock(channel) == null) {
      channel.close();
      return null;
    }
    return channel;
  }

  private void dumpInBackground(FileChannel owner, Path classes) throws IOException {
    Path partial = directory.resolve(build + ".jsa.partial");
    Files.deleteIfExists(partial);
    // At the lowest priority: it runs beside the JVMs' first work, a benchmark's included, and must not take the CPU
    // that work measures.
    List<String> command = List.of("nice", "-n", "19", ChildJvm.java(), "-Xshare:dump",
        "-XX:SharedClassListFile=" + classes, "-XX:SharedArchiveFile=" + partial, "-cp", classpath);
    log().info("making the class archive of the {} in the background: {}", users, archive());
    WatchedProcess process = WatchedProcess.start(new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(dumpLog().toFile()));
    CompletableFuture<Void> ended = process.onExit().handle((code, failure) -> {
      dumpEnded(owner, partial, failure == null ? code : -1);
      return null;
    });
    dump = new Dump(owner, process, ended);
    DUMPING.add(this);
    EndsDumps.registered();
  }

  private synchronized void dumpEnded(FileChannel owner, Path partial, int exitCode) {
    try {
      if (exitCode == 0 && Files.exists(partial)) {
        Files.move(partial, archive(), StandardCopyOption.ATOMIC_MOVE);
        log().info("{} started from now on map the class archive {}", users, archive());
        removeLeftoversOrSay();
      } else {
        Files.deleteIfExists(partial);
        if (exitCode <= KILLED) {
          // Not again for this build, by any JVM, for a while: it would likely fail the same way.
          Files.deleteIfExists(failed());
          Files.createFile(failed());
          log().warn("{} start without a class archive: dumping it failed (exit code {}); see {}", users, exitCode,
              dumpLog());
          turnOff();
        }
      }
    } catch (IOException e) {
      log().warn("{} start without a class archive: {}", users, e.toString());
      turnOff();
    } finally {
      DUMPING.remove(this);
      try {
        owner.close();
      } catch (IOException e) {
        log().debug("closing the class archive's owner file failed", e);
      }
    }
  }

  /**
   * What this build's archive makes leftovers: other builds' files and records of ended JVMs, and in the user's cache
   * other classpaths' archives unused for a while ({@link ArchiveDirectory}). A failure costs disk, not the archive
   * just made.
   */
  private void removeLeftoversOrSay() {
    try {
      directory.removeLeftovers(build, other -> DUMPING.stream()
          .anyMatch(archive -> archive.directory.path().equals(directory.path()) && archive.build.equals(other)));
      if (inUserCache) {
        directory.removeUnusedSiblings(UNUSED);
      }
    } catch (IOException | RuntimeException e) {
      log().warn("removing earlier class archives beside {} failed: {}", archive(), e.toString());
    }
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

  private static List<String> entriesOfThisJvm() {
    return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(entry -> !entry.isEmpty()).toList();
  }

  private static boolean isJar(Path entry) {
    return entry.getFileName() != null && entry.getFileName().toString().endsWith(".jar")
        && Files.isRegularFile(entry);
  }

  /** The build of the jars and the JVM that an archive is made for: what the JVM checks before mapping one. */
  private static String buildOf(List<Path> jars, String main) throws IOException {
    MessageDigest digest = sha256();
    digest.update((System.getProperty("java.home") + "\n" + System.getProperty("java.vm.version") + "\n" + main
        + "\n").getBytes(StandardCharsets.UTF_8));
    for (Path jar : jars) {
      BasicFileAttributes attributes = Files.readAttributes(jar, BasicFileAttributes.class);
      digest.update((jar.toAbsolutePath() + " " + attributes.size() + " " + attributes.lastModifiedTime().toMillis()
          + "\n").getBytes(StandardCharsets.UTF_8));
    }
    return HexFormat.of().formatHex(digest.digest(), 0, 8);
  }

  private static String shortHash(String text) {
    return HexFormat.of().formatHex(sha256().digest(text.getBytes(StandardCharsets.UTF_8)), 0, 8);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JVM has SHA-256", e);
    }
  }

  /**
   * Ends the dumps still running as this JVM ends, and waits for them: their watch would end them too, but only once
   * this JVM is gone, and a launcher's end must leave nothing of it running.
   */
  private static final class EndsDumps {
    static {
      Runtime.getRuntime().addShutdownHook(new Thread(() -> awaitDumps(Duration.ZERO, archive -> { }),
          "class-archive-dumps-end"));
    }

    private EndsDumps() {
    }

    /** Registers the hook, once. */
    static void registered() {
      // The class's initialization did.
    }
  }
}
