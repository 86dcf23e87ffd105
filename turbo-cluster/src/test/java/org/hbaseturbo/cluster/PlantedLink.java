package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A symbolic link planted where a launcher writes a file, as another user would plant one, to a file of root's that
 * nothing should touch.
 *
 * @param link the link, in the file's place
 * @param target the file it names, beside the link's directory
 */
record PlantedLink(Path link, Path target) {
  private static final String CONTENT = "a file of root's that no cluster should touch";

  /** Plants a link at {@code file} (whose directory exists), to a new file beside that directory. */
  static PlantedLink at(Path file) throws IOException {
    Path target = Files.writeString(file.getParent().resolveSibling("target-of-" + file.getFileName()), CONTENT);
    return new PlantedLink(Files.createSymbolicLink(file, target), target);
  }

  /** What a launcher that refused the link or replaced it left: the file it named, as it was. */
  void assertTargetUntouched() {
    assertThat(target).hasContent(CONTENT);
  }

  /** The message of a refusal of the link. */
  String refusal() {
    return link + " is a symbolic link, to " + target + ", which is not followed: it must be a file of its own"
        + " (remove the link)";
  }
}
