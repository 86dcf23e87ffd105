package org.hbaseturbo.transport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What this process exposes to other processes, read from the kernel (Linux): its SysV shared-memory segments, its
 * open files in {@code /dev/shm} and its listening TCP sockets. UCX decides what it opens from names it expands
 * itself, so what it really made is read here rather than assumed from the settings.
 */
final class UcxExposure {
  /** {@code /proc/net/tcp} state of a listening socket. */
  private static final String LISTEN = "0A";

  private UcxExposure() {
  }

  /** The ids of the SysV shared-memory segments this process created ({@code /proc/sysvipc/shm}: the creator). */
  static Set<String> sysvSegments() throws IOException {
    String pid = Long.toString(ProcessHandle.current().pid());
    List<String> lines = Files.readAllLines(Path.of("/proc/sysvipc/shm"));
    Set<String> segments = new HashSet<>();
    // The first line names the columns: key shmid perms size cpid ...
    for (String line : lines.subList(1, lines.size())) {
      String[] fields = line.trim().split("\\s+");
      if (fields.length > 4 && fields[4].equals(pid)) {
        segments.add(fields[1]);
      }
    }
    return segments;
  }

  /** This process's open descriptors of files in /dev/shm. */
  static List<Path> sharedMemory() throws IOException {
    return descriptors().entrySet().stream().filter(fd -> fd.getValue().startsWith("/dev/shm/"))
        .map(Map.Entry::getKey).toList();
  }

  /** The local addresses of this process's listening TCP sockets, IPv4 and IPv6, as /proc/net/tcp writes them. */
  static List<String> tcpListeners() throws IOException {
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
}
