package org.hbaseturbo.jvm;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.UserPrincipal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The directory of a {@link ClassArchive}'s files, and the rules that keep them fit to run: whose it and the
 * directories above it must be before a JVM maps an archive there or writes a record there, and which of its files go
 * once a build's archive is made.
 */
final class ArchiveDirectory {
  /**
   * The files of an archive's directory: {@code BUILD.jsa}, {@code .owner}, {@code .failed}, ... and a JVM's record,
   * {@code BUILD-PID-N.classes}. Group 1 is the build, group 2 the recording JVM's PID.
   */
  private static final Pattern FILE = Pattern.compile("([0-9a-f]{16})(?:-([0-9]{1,18})-[0-9]+\\.classes|\\..+)");
  /** A main's directory in the user's cache: {@code MAIN-JARS}. */
  private static final Pattern MAIN_DIRECTORY = Pattern.compile("[A-Za-z0-9_.$]+-[0-9a-f]{16}");
  /** {@code unix:mode} bits: the file's type, a directory's, and the sticky bit. */
  private static final int TYPE = 0170000;
  private static final int DIRECTORY = 0040000;
  private static final int STICKY = 01000;
  private static final int GROUP_OR_OTHERS_WRITE = 0022;

  private final Path path;
  /** Who must own an archive, and its directory, for a JVM to map it. */
  private final UserPrincipal owner;

  ArchiveDirectory(Path path, UserPrincipal owner) {
    this.path = path;
    this.owner = owner;
  }

  Path path() {
    return path;
  }

  Path resolve(String file) {
    return path.resolve(file);
  }

  UserPrincipal owner() {
    return owner;
  }

  /**
   * {@code path} with the links of its longest existing part resolved: the JVMs are given the directories the checks
   * saw, whatever a link is made to say later.
   */
  static Path real(Path path) throws IOException {
    Path absolute = path.toAbsolutePath().normalize();
    Path existing = absolute;
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    return existing == null ? absolute : existing.toRealPath().resolve(existing.relativize(absolute));
  }

  /**
   * Whether no one but the owner, and root, can change what the directory holds or put another in its place: it is
   * the owner's alone to write ({@link #trusted}), and each directory above it is the owner's or root's, writable by
   * others only where the sticky bit keeps them from renaming what is not theirs ({@code /tmp}). Else another user
   * could swap an archive of their own in between the check and the JVM's start.
   */
  boolean trustedPlace() throws IOException {
    if (!trusted(path)) {
      return false;
    }
    for (Path above = path.getParent(); above != null; above = above.getParent()) {
      int mode = (Integer) Files.getAttribute(above, "unix:mode", LinkOption.NOFOLLOW_LINKS);
      boolean ownersOrRoots = Files.getOwner(above, LinkOption.NOFOLLOW_LINKS).equals(owner)
          || (Integer) Files.getAttribute(above, "unix:uid", LinkOption.NOFOLLOW_LINKS) == 0;
      if ((mode & TYPE) != DIRECTORY || !ownersOrRoots
          || (mode & GROUP_OR_OTHERS_WRITE) != 0 && (mode & STICKY) == 0) {
        return false;
      }
    }
    return true;
  }

  /** Whether no one can have changed {@code file} (an archive or its directory) but its expected owner. */
  boolean trusted(Path file) throws IOException {
    Set<PosixFilePermission> mode = Files.getPosixFilePermissions(file, LinkOption.NOFOLLOW_LINKS);
    return Files.getOwner(file, LinkOption.NOFOLLOW_LINKS).equals(owner)
        && !mode.contains(PosixFilePermission.GROUP_WRITE) && !mode.contains(PosixFilePermission.OTHERS_WRITE);
  }

  /**
   * An archive is 50-130 MB: those of other builds go once {@code build}'s is made, and so do the records of JVMs
   * whose launcher was killed before it could delete them. Not what a JVM may still use: a running JVM's record, nor
   * any file of a build whose owner lock another JVM holds (it dumps that build).
   *
   * @param dumpedByThisJvm whether this JVM dumps a build here: its owner lock is not to be tried, since closing any
   *     descriptor of a file ends a process's POSIX locks on it
   */
  void removeLeftovers(String build, Predicate<String> dumpedByThisJvm) throws IOException {
    Map<String, List<Path>> otherBuilds = new HashMap<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(path)) {
      for (Path file : files) {
        Matcher name = FILE.matcher(file.getFileName().toString());
        if (!name.matches()) {
          continue;
        }
        boolean record = name.group(2) != null;
        if (record && ProcessHandle.of(Long.parseLong(name.group(2))).isPresent()) {
          continue;
        }
        if (!name.group(1).equals(build)) {
          otherBuilds.computeIfAbsent(name.group(1), other -> new ArrayList<>()).add(file);
        } else if (record) {
          Files.deleteIfExists(file);
        }
      }
    }
    for (Map.Entry<String, List<Path>> other : otherBuilds.entrySet()) {
      if (dumpedByThisJvm.test(other.getKey())) {
        continue;
      }
      Path ownerFile = path.resolve(other.getKey() + ".owner");
      try (FileChannel lock = FileChannel.open(ownerFile, StandardOpenOption.CREATE, StandardOpenOption.WRITE)) {
        if (FileLocks.tryLock(lock) != null) {
          for (Path file : other.getValue()) {
            Files.deleteIfExists(file);
          }
          Files.deleteIfExists(ownerFile);
        }
      }
    }
  }

  /**
   * The archives of other classpaths beside this one in the user's cache (other checkouts, their modules' tests) go
   * once unused for {@code unused}: the directories of mains' archives, the owner's, not a link to elsewhere.
   */
  void removeUnusedSiblings(Duration unused) throws IOException {
    Instant unusedSince = Instant.now().minus(unused);
    try (DirectoryStream<Path> siblings = Files.newDirectoryStream(path.getParent(), sibling ->
        MAIN_DIRECTORY.matcher(sibling.getFileName().toString()).matches()
            && Files.isDirectory(sibling, LinkOption.NOFOLLOW_LINKS)
            && Files.getOwner(sibling, LinkOption.NOFOLLOW_LINKS).equals(owner))) {
      for (Path sibling : siblings) {
        if (!sibling.equals(path) && lastUse(sibling).isBefore(unusedSince)) {
          try (Stream<Path> files = Files.list(sibling)) {
            for (Path file : files.toList()) {
              Files.deleteIfExists(file);
            }
          }
          Files.deleteIfExists(sibling);
        }
      }
    }
  }

  /** When {@code dir}'s newest file was last written, or the directory itself when it has none. */
  private static Instant lastUse(Path dir) throws IOException {
    Instant last = Files.getLastModifiedTime(dir).toInstant();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : files.toList()) {
        Instant modified = Files.getLastModifiedTime(file, LinkOption.NOFOLLOW_LINKS).toInstant();
        last = modified.isAfter(last) ? modified : last;
      }
    }
    return last;
  }
}
