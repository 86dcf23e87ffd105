package org.hbaseturbo.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.hadoop.conf.Configuration;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
import org.junit.jupiter.api.Test;
import org.openucx.jucx.ucp.UcpContext;
import org.openucx.jucx.ucp.UcpWorker;
import org.openucx.jucx.ucp.UcpWorkerParams;

/**
 * What a fast-path end exposes, read from the kernel: UCX's TCP transport listens on every device it is given, so by
 * default an end listens on none, and once devices are named, only on those; its shared memory is POSIX segments
 * that only its own user can open (mode 0600, unlinked at once), never SysV segments (mode 0660, open to the group).
 */
class TestUcxExposure {
  /** {@code /proc/net/tcp} state of a listening socket. */
  private static final String LISTEN = "0A";

  @Test
  void byDefaultAnEndListensOnNoNetwork() throws Exception {
    assertThat(listenersOpenedBy(new Configuration(false))).isEmpty();
  }

  @Test
  void withADeviceNamedAnEndListensThereAlone() throws Exception {
    Configuration conf = new Configuration(false);
    conf.set(ChannelSettings.TRANSPORTS_KEY, "tcp");
    conf.set(ChannelSettings.NET_DEVICES_KEY, "lo");
    List<String> opened = listenersOpenedBy(conf);
    assertThat(opened).isNotEmpty();
    // 0100007F: 127.0.0.1 as /proc/net/tcp writes it (little-endian hex).
    assertThat(opened).allSatisfy(address -> assertThat(address).startsWith("0100007F:"));
  }

  @Test
  void sharedMemoryIsForTheServersUserAlone() throws Exception {
    Set<Path> segmentsBefore = new HashSet<>(ownSharedMemory());
    int sysvBefore = ownSysvSegments();
    try (UcpContext context = UcxRuntime.openContext(ChannelSettings.transports(new Configuration(false)))) {
      UcpWorker worker = context.newWorker(new UcpWorkerParams());
      try {
        List<Path> opened = ownSharedMemory().stream().filter(path -> !segmentsBefore.contains(path)).toList();
        assertThat(opened).as("POSIX segments the worker made").isNotEmpty();
        for (Path fd : opened) {
          assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(fd))).as(fd.toString())
              .isEqualTo("rw-------");
        }
        assertThat(ownSysvSegments()).as("SysV segments this process made").isEqualTo(sysvBefore);
      } finally {
        worker.close();
      }
    }
  }

  /** This process's open descriptors of files in /dev/shm. */
  private static List<Path> ownSharedMemory() throws IOException {
    return descriptors().entrySet().stream().filter(fd -> fd.getValue().startsWith("/dev/shm/"))
        .map(Map.Entry::getKey).toList();
  }

  /** This process's open file descriptors, and what each refers to. */
  private static Map<Path, String> descriptors() throws IOException {
    Map<Path, String> descriptors = new HashMap<>();
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      for (Path fd : fds.toList()) {
        try {
          descriptors.put(fd, Files.readSymbolicLink(fd).toString());
        } catch (IOException e) {
          // The descriptor closed while listing (the listing's own, among others).
        }
      }
    }
    return descriptors;
  }

  /** SysV shared memory segments this process created, from /proc/sysvipc/shm (its fifth column: the creator). */
  private static int ownSysvSegments() throws IOException {
    String pid = Long.toString(ProcessHandle.current().pid());
    List<String> lines = Files.readAllLines(Path.of("/proc/sysvipc/shm"));
    return (int) lines.subList(1, lines.size()).stream().map(line -> line.trim().split("\\s+"))
        .filter(fields -> fields[4].equals(pid)).count();
  }

  /** The local addresses of the TCP listeners this process gained by opening a context and a worker. */
  private static List<String> listenersOpenedBy(Configuration conf) throws Exception {
    Set<String> before = new HashSet<>(ownListeners());
    try (UcpContext context = UcxRuntime.openContext(ChannelSettings.transports(conf))) {
      UcpWorker worker = context.newWorker(new UcpWorkerParams());
      try {
        return ownListeners().stream().filter(address -> !before.contains(address)).toList();
      } finally {
        worker.close();
      }
    }
  }

  /** The local addresses of this process's listening TCP sockets, IPv4 and IPv6. */
  private static List<String> ownListeners() throws IOException {
    Set<String> ownSockets = new HashSet<>();
    for (String target : descriptors().values()) {
      if (target.startsWith("socket:[")) {
        ownSockets.add(target.substring("socket:[".length(), target.length() - 1));
      }
    }
    List<String> listeners = new ArrayList<>();
    for (String table : List.of("/proc/self/net/tcp", "/proc/self/net/tcp6")) {
      List<String> lines = Files.readAllLines(Path.of(table));
      // The first line names the columns.
      for (String line : lines.subList(1, lines.size())) {
        String[] fields = line.trim().split("\\s+");
        if (fields[3].equals(LISTEN) && ownSockets.contains(fields[9])) {
          listeners.add(fields[1]);
        }
      }
    }
    return listeners;
  }
}
