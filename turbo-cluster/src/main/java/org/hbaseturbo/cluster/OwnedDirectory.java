package org.hbaseturbo.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.GroupPrincipal;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.hbaseturbo.common.InvalidInputException;

/**
 * A directory that no one but the user a cluster runs as can change, as a cluster's data directory must be: it holds
 * the servers' settings and the first entry of a RegionServer's classpath, and the launcher writes its lock and
 * settings there. Whoever else could change it could make the servers run code of theirs, or make a launcher run as
 * root write through a link of theirs.
 */
public final class OwnedDirectory {
  private static final int ROOT = 0;

  private OwnedDirectory() {
  }

  /**
   * Refuses, before anything is created, a {@code dir} that another user could change (or, where it does not exist
   * yet, one that would be made where another user could change it): it must be owned by the user this process runs
   * as and writable by no one else; each directory above it must be owned by root or that user, and writable by no
   * one else either unless it has the sticky bit (as {@code /tmp} has: no user may move or delete another's entries
   * there). A link on the way, {@code dir} itself included, must be owned by root or that user too. For root, the
   * user it runs clusters as ({@link HostUser#clusterUserOfRoot}) may own them too.
   *
   * @param what how the user gave it ("--data"), for the message
   * @throws InvalidInputException naming the directory, its owner and mode, and what was expected
   */
  public static void require(Path dir, String what) {
    List<HostUser> owners = new ArrayList<>(List.of(HostUser.ofThisProcess()));
    try {
      HostUser.clusterUserOfRoot().ifPresent(owners::add);
    } catch (IOException e) {
      throw new UncheckedIOException("could not look up the user that clusters run as", e);
    }
    require(dir, what, owners);
  }

  /** As {@link #require(Path, String)}, for a directory that any of {@code owners} may own. */
  public static void require(Path dir, String what, List<HostUser> owners) {
    Path absolute = dir.toAbsolutePath().normalize();
    try {
      Path path = absolute.getRoot();
      for (Path name : absolute) {
        path = path.resolve(name);
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
          return;
        }
        Entry entry = Entry.of(path, LinkOption.NOFOLLOW_LINKS);
        boolean itself = path.equals(absolute) && !entry.link();
        if (!itself && entry.uid() != ROOT && owners.stream().noneMatch(owner -> owner.uid() == entry.uid())) {
          throw new InvalidInputException(what + " " + dir + ": " + entry.describe(path) + "; expected every"
              + " directory and link on its way owned by " + names(owners, true) + ", so that no other user can put"
              + " another directory in its place");
        }
        if (!itself && !entry.link() && entry.othersMayWrite() && !entry.sticky()) {
          throw new InvalidInputException(what + " " + dir + ": " + entry.describe(path) + ", so that another user"
              + " could put another directory in its place; expected every directory above it writable by its owner"
              + " alone, or with the sticky bit (as /tmp has)");
        }
      }
      // What a link leads to (a link its owner, trusted as checked, made) is what is written.
      if (Files.isDirectory(absolute)) {
        Entry entry = Entry.of(absolute);
        if (owners.stream().noneMatch(owner -> owner.uid() == entry.uid()) || entry.othersMayWrite()) {
          throw new InvalidInputException(what + " " + dir + ": " + entry.describe(absolute) + "; expected a"
              + " directory owned by " + names(owners, false) + " and writable by its owner"
              + " alone: chown it, chmod go-w it, or give a new directory");
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the owner and mode of " + what + " " + dir, e);
    }
  }

  /**
   * Whether {@code dir} exists and belongs to another user than this process's (for root, the user it runs clusters
   * as, as {@link #require} lets it): a directory where this process should write nothing, since that user could put
   * a link in place of what it writes.
   */
  public static boolean isAnotherUsers(Path dir) {
    try {
      return Files.exists(dir) && (Integer) Files.getAttribute(dir, "unix:uid") != HostUser.ofThisProcess().uid();
    } catch (IOException e) {
      throw new UncheckedIOException("could not read the owner of " + dir, e);
    }
  }

  private static String names(List<HostUser> owners, boolean orRoot) {
    Stream<String> names = owners.stream().map(HostUser::name);
    return String.join(" or ", (orRoot ? Stream.concat(Stream.of("root"), names) : names).distinct().toList());
  }

  /** A file's owner and mode. */
  private record Entry(int uid, int mode, String owner, String group, boolean link) {
    private static final int GROUP_WRITE = 0020;
    private static final int OTHERS_WRITE = 0002;
    private static final int STICKY = 01000;

    static Entry of(Path path, LinkOption... options) throws IOException {
      Map<String, Object> unix = Files.readAttributes(path, "unix:uid,mode,owner,group", options);
      return new Entry((Integer) unix.get("uid"), (Integer) unix.get("mode"),
          ((UserPrincipal) unix.get("owner")).getName(), ((GroupPrincipal) unix.get("group")).getName(),
          options.length > 0 && Files.isSymbolicLink(path));
    }

    /**
     * Whether users other than its owner may write it. Its group may not, unless it is the owner's own (of the
     * owner's name, as Debian and Ubuntu give each user, whose default umask 002 makes new directories writable by
     * it).
     */
    boolean othersMayWrite() {
      return (mode & OTHERS_WRITE) != 0 || ((mode & GROUP_WRITE) != 0 && !group.equals(owner));
    }

    boolean sticky() {
      return (mode & STICKY) != 0;
    }

    String describe(Path path) {
      return (link ? "the link " : "") + path + " is owned by " + owner + (link ? ""
          : String.format(" (group %s, mode %o)", group, mode & 07777));
    }
  }
}
