package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.List;
import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A data directory, and every directory and link on its way, that another user could change is refused; one of this
 * user's own, writable by it alone, is taken, whether it exists yet or not.
 */
class TestOwnedDirectory {
  @TempDir
  Path dir;

  @Test
  void aDirectoryOfThisUserWritableByItAloneIsTakenAndSoIsOneYetToBeMadeWhereOnlyItCanWrite() throws IOException {
    Path data = Files.createDirectory(dir.resolve("data"));
    mode(data, "rwxr-xr-x");
    assertThatCode(() -> OwnedDirectory.require(data, "--data")).doesNotThrowAnyException();
    assertThatCode(() -> OwnedDirectory.require(data.resolve("new/data"), "--data")).doesNotThrowAnyException();
  }

  @Test
  void aDirectoryThatOthersOrAnotherGroupCanWriteIsRefused() throws IOException {
    Path data = Files.createDirectory(dir.resolve("data"));
    mode(data, "rwxrwxrwx");
    assertThatThrownBy(() -> OwnedDirectory.require(data, "--data")).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("--data " + data + ": " + data + " is owned by " + System.getProperty("user.name")
            + " (group ").hasMessageContaining("mode 777); expected a directory owned by "
            + System.getProperty("user.name") + " and writable by its owner alone");
    mode(data, "rwxrwxr-x");
    if (!group(data).equals(System.getProperty("user.name"))) {
      assertThatThrownBy(() -> OwnedDirectory.require(data, "--data")).hasMessageContaining("mode 775)");
    }
  }

  @Test
  void aDirectoryInsideOneThatOthersCanWriteIsRefusedUnlessItIsSticky() throws IOException {
    Path shared = Files.createDirectory(dir.resolve("shared"));
    Path data = Files.createDirectory(shared.resolve("data"));
    mode(shared, "rwxrwxrwx");
    for (Path given : new Path[] {data, shared.resolve("not-made-yet")}) {
      assertThatThrownBy(() -> OwnedDirectory.require(given, "--data")).isInstanceOf(InvalidInputException.class)
          .hasMessage("--data " + given + ": " + shared + " is owned by " + System.getProperty("user.name")
              + " (group " + group(shared) + ", mode 777), so that another user could put another directory in its"
              + " place; expected every directory above it writable by its owner alone, or with the sticky bit (as"
              + " /tmp has)");
    }
    Files.setAttribute(shared, "unix:mode", 01777);
    assertThatCode(() -> OwnedDirectory.require(data, "--data")).doesNotThrowAnyException();
  }

  @Test
  void aDirectoryOrALinkOfAnotherUserIsRefused() throws IOException {
    TestingHost.assumeRoot("to give a directory to another user");
    UserPrincipal nobody = dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody");
    Path data = Files.createDirectory(dir.resolve("data"));
    Files.setOwner(data, nobody);
    assertThatThrownBy(() -> OwnedDirectory.require(data, "--data")).isInstanceOf(InvalidInputException.class)
        .hasMessageStartingWith("--data " + data + ": " + data + " is owned by nobody (group ")
        .hasMessageContaining("expected a directory owned by root and writable by its owner alone");
    // A link of another user's, which it could point elsewhere at any time, even to a directory of root's.
    Path ours = Files.createDirectory(dir.resolve("ours"));
    Path link = Files.createSymbolicLink(dir.resolve("link"), ours);
    Files.getFileAttributeView(link, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS).setOwner(nobody);
    assertThatThrownBy(() -> OwnedDirectory.require(link, "--data")).isInstanceOf(InvalidInputException.class)
        .hasMessage("--data " + link + ": the link " + link + " is owned by nobody; expected every directory and link"
            + " on its way owned by root, so that no other user can put another directory in its place");
  }

  @Test
  void rootTakesADirectoryOfTheUserItRunsClustersAs() throws IOException {
    TestingHost.assumeRoot("to give a directory to another user");
    HostUser nobody = HostUser.named("nobody").orElseThrow();
    Path data = Files.createDirectory(dir.resolve("data"));
    Files.setOwner(data, dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName("nobody"));
    assertThatCode(() -> OwnedDirectory.require(data, "--data", List.of(HostUser.ofThisProcess(), nobody)))
        .doesNotThrowAnyException();
    assertThat(OwnedDirectory.isAnotherUsers(data)).isTrue();
    assertThat(OwnedDirectory.isAnotherUsers(dir)).isFalse();
  }

  private static void mode(Path path, String permissions) throws IOException {
    Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(permissions));
  }

  private static String group(Path path) throws IOException {
    return Files.readAttributes(path, java.nio.file.attribute.PosixFileAttributes.class).group().getName();
  }
}
