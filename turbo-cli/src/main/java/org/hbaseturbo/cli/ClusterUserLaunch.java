package org.hbaseturbo.cli;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributeView;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.hbaseturbo.cluster.HostUser;
import org.hbaseturbo.cluster.OwnedDirectory;
import org.hbaseturbo.cluster.regime.ServerRegime;
import org.hbaseturbo.jvm.WatchedProcess;
import picocli.CommandLine;

/**
 * {@code cluster start} run as root runs again, at once, in a JVM of the unprivileged user that
 * {@value HostUser#CLUSTER_USER_PROPERTY} names (the {@code turbo} script names {@code hbase-turbo}), made where
 * missing: a local cluster's RPC has no authentication, so its servers (ZooKeeper, the master, every RegionServer and
 * HDFS daemon) serve every user of this host and must not be root. Not with {@code --regime disk}, whose cgroup
 * set-up needs root for as long as the cluster runs, and whose master, in this JVM, must be the same user as its
 * RegionServers, which share its files; nor with {@code --hosts}, whose namespaces and bridge need root too. This
 * JVM stays root only to wait for that one: a SIGTERM or Ctrl-C here stops it cleanly, and it ends with this JVM
 * however this ends ({@link WatchedProcess}).
 */
final class ClusterUserLaunch {
  private ClusterUserLaunch() {
  }

  /**
   * The user {@code command} (the command that runs, its options parsed) must run as instead of {@code launcher}; none
   * where it runs as it is.
   *
   * @param user the user that {@value HostUser#CLUSTER_USER_PROPERTY} names, or null
   */
  static Optional<String> userFor(CommandLine.ParseResult command, HostUser launcher, String user) {
    if (user == null || !launcher.isRoot() || !(command.commandSpec().userObject() instanceof ClusterCommand.Start)) {
      return Optional.empty();
    }
    ServerRegime regime = command.matchedOptionValue("--regime", ServerRegime.cache);
    boolean hosts = command.matchedOptionValue(LocalClusterOptions.HOSTS_OPTION, false);
    return regime == ServerRegime.disk || hosts ? Optional.empty() : Optional.of(user);
  }

  /**
   * Runs {@code args} in a JVM of {@code name}, this JVM's options and classpath, and returns its exit code once it
   * ended. Its data directory, where given and missing, is made for it; its log, where it has no data directory,
   * goes to {@code turbo-out/NAME/turbo.log}, which it may write.
   *
   * @param command the command that runs, its options parsed
   * @throws org.hbaseturbo.common.InvalidInputException for a data directory another user could change
   */
  static int run(String name, String[] args, CommandLine.ParseResult command, PrintWriter err)
      throws IOException, InterruptedException {
    HostUser user = ensure(name);
    List<String> asUser = List.of("setpriv", "--reuid=" + user.uid(), "--regid=" + user.gid(), "--init-groups",
        "--no-new-privs", "--");
    requireReadable(asUser, name, Path.of(System.getProperty("java.class.path").split(File.pathSeparator)[0]));
    List<String> java = new ArrayList<>(asUser);
    java.add(ProcessHandle.current().info().command().orElseThrow());
    java.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    Optional<Path> data = Optional.ofNullable(command.matchedOptionValue(LocalClusterOptions.DATA_OPTION, null));
    if (data.isPresent()) {
      OwnedDirectory.require(data.get(), LocalClusterOptions.DATA_OPTION, List.of(user));
      if (!Files.exists(data.get(), LinkOption.NOFOLLOW_LINKS)) {
        giveTo(Files.createDirectories(data.get()), name);
      }
    } else if (System.getProperty(TurboMain.LOG_FILE_PROPERTY) == null) {
      Path logs = Files.createDirectories(OutputDirs.of(name));
      giveTo(logs, name);
      java.add("-D" + TurboMain.LOG_FILE_PROPERTY + "=" + logs.resolve("turbo.log"));
    }
    java.addAll(List.of("-cp", System.getProperty("java.class.path"), TurboMain.class.getName()));
    java.addAll(List.of(args));
    err.println("turbo: run as root, cluster start runs its cluster as user " + name + " (uid " + user.uid()
        + "), not root: every user of this host can reach its servers");
    err.flush();
    WatchedProcess launcher = WatchedProcess.start(new ProcessBuilder(java)
        .redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT));
    // Ctrl-C reaches that JVM through this one (the watch ignores it for its command), as SIGTERM does: it stops
    // cleanly, for as long as that takes, while this one waits.
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      launcher.command().ifPresent(ProcessHandle::destroy);
      try {
        launcher.waitFor();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }, "cluster-user-stop"));
    return launcher.waitFor();
  }

  /** The user {@code name}, made (a system user, no login, no home) where this host has none. */
  private static HostUser ensure(String name) throws IOException, InterruptedException {
    Optional<HostUser> user = HostUser.named(name);
    if (user.isEmpty()) {
      Process useradd = new ProcessBuilder("useradd", "--system", "--user-group", "--no-create-home", "--home-dir",
          "/nonexistent", "--shell", "/usr/sbin/nologin", name).redirectErrorStream(true).start();
      String output = new String(useradd.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
      useradd.waitFor();
      // Another launcher may have made it meanwhile: what counts is that it exists now.
      user = HostUser.named(name);
      if (user.isEmpty()) {
        throw new IOException("could not make the user " + name + " that cluster start runs as under root: useradd "
            + "said '" + output + "'");
      }
    }
    return user.get();
  }

  /**
   * @throws IOException when {@code name} cannot read {@code jar}, where the JVM it runs would find its classes (a
   *     checkout under {@code /root}, which only root may enter)
   */
  private static void requireReadable(List<String> asUser, String name, Path jar)
      throws IOException, InterruptedException {
    List<String> test = new ArrayList<>(asUser);
    test.addAll(List.of("test", "-r", jar.toString()));
    if (new ProcessBuilder(test).inheritIO().start().waitFor() != 0) {
      throw new IOException("user " + name + ", which cluster start run as root runs as, cannot read " + jar
          + "; every directory above it must let other users in (as /root does not)");
    }
  }

  /** Makes {@code dir}, which root made, {@code name}'s. */
  private static void giveTo(Path dir, String name) throws IOException {
    Files.getFileAttributeView(dir, PosixFileAttributeView.class, LinkOption.NOFOLLOW_LINKS)
        .setOwner(dir.getFileSystem().getUserPrincipalLookupService().lookupPrincipalByName(name));
  }
}
