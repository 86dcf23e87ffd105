package org.hbaseturbo.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What one process holds, as Linux accounts it in {@code /proc/PID}: memory, threads, descriptors, and UCX's
 * shared-memory segments. UCX's POSIX transport makes two segments per worker ({@code /dev/shm/ucx_shm_posix_*},
 * unlinked at once: a 12 KB receive FIFO and a 4 MB pool of receive descriptors) and keeps a descriptor of each open,
 * which its peers map through {@code /proc/PID/fd}. So a segment this process maps but holds no descriptor of is a
 * peer's, mapped for an endpoint to that peer: what an endpoint costs besides UCX's heap.
 *
 * <p>A segment is told apart by its inode, not its name: UCX draws the name at random and unlinks the file at once,
 * so the name is free again while the segment lives on, and two segments of different processes can bear it.
 *
 * @param rssBytes the resident set ({@code VmRSS})
 * @param anonBytes its anonymous part ({@code RssAnon}): heap, malloc (UCX's endpoints among it), stacks
 * @param shmemBytes its shared-memory part ({@code RssShmem}): pages of UCX's segments, its own and its peers'
 * @param threads threads of the process
 * @param descriptors open file descriptors
 * @param mappings the memory mappings of the process (the kernel bounds them: {@code vm.max_map_count})
 * @param ownSegments UCX segments the process made (each held by a descriptor)
 * @param peerSegments distinct UCX segments (inodes) of other processes that it maps
 * @param peerMappings mappings of such segments (one segment can be mapped more than once), each counted once
 *     where the kernel split it into areas
 * @param peerMappedBytes the address space those mappings take
 * @param peerResidentBytes their pages resident in this process ({@code Rss} of each in {@code smaps})
 */
record TestingFootprint(long rssBytes, long anonBytes, long shmemBytes, int threads, int descriptors,
    int mappings, int ownSegments, int peerSegments, int peerMappings, long peerMappedBytes, long peerResidentBytes) {
  private static final String SEGMENT = "/dev/shm/ucx_shm_posix_";

  /** The footprint of process {@code pid} now. */
  static TestingFootprint of(long pid) throws IOException {
    Path proc = Path.of("/proc", Long.toString(pid));
    Map<String, Long> status = new LinkedHashMap<>();
    for (String line : Files.readAllLines(proc.resolve("status"))) {
      // "VmRSS:\t  123456 kB", "Threads:\t42"
      int colon = line.indexOf(':');
      String[] value = line.substring(colon + 1).trim().split("\\s+");
      if (colon > 0 && value[0].matches("[0-9]+")) {
        status.put(line.substring(0, colon), Long.parseLong(value[0]) * (value.length > 1 ? 1024 : 1));
      }
    }
    Set<Long> own = new HashSet<>();
    int descriptors = 0;
    try (Stream<Path> fds = Files.list(proc.resolve("fd"))) {
      for (Path fd : fds.toList()) {
        descriptors++;
        try {
          if (Files.readSymbolicLink(fd).toString().startsWith(SEGMENT)) {
            own.add((Long) Files.getAttribute(fd, "unix:ino"));
          }
        } catch (IOException closedMeanwhile) {
          // A descriptor closed between the listing and its read: not held any more.
        }
      }
    }
    Set<Long> peers = new HashSet<>();
    int peerMappings = 0;
    int mappings = 0;
    long peerMapped = 0;
    long peerResident = 0;
    boolean inPeerMapping = false;
    for (String line : Files.readAllLines(proc.resolve("smaps"))) {
      // A mapping's header "7f68d5be7000-7f68d6000000 rw-s 00000000 00:1b 22311   /dev/shm/ucx_shm_posix_... (deleted)"
      // (range, flags, offset, device, inode, path) then its fields, "Rss:  12 kB" among them.
      if (line.matches("^[0-9a-f]+-[0-9a-f]+ .*")) {
        mappings++;
        String[] header = line.split("\\s+");
        long inode = Long.parseLong(header[4]);
        inPeerMapping = line.contains(SEGMENT) && !own.contains(inode);
        if (inPeerMapping) {
          peers.add(inode);
          // UCX maps a segment whole, from its start; an area at an offset into it is a mapping the kernel split
          // in two (a part of it given other flags), not a mapping of its own.
          peerMappings += Long.parseUnsignedLong(header[2], 16) == 0 ? 1 : 0;
          String[] range = header[0].split("-");
          peerMapped += Long.parseUnsignedLong(range[1], 16) - Long.parseUnsignedLong(range[0], 16);
        }
      } else if (inPeerMapping && line.startsWith("Rss:")) {
        peerResident += Long.parseLong(line.substring("Rss:".length()).trim().split("\\s+")[0]) * 1024;
      }
    }
    return new TestingFootprint(status.getOrDefault("VmRSS", 0L), status.getOrDefault("RssAnon", 0L),
        status.getOrDefault("RssShmem", 0L), status.getOrDefault("Threads", 0L).intValue(), descriptors, mappings,
        own.size(), peers.size(), peerMappings, peerMapped, peerResident);
  }

  /** The footprint of this process. */
  static TestingFootprint ofThisProcess() throws IOException {
    return of(ProcessHandle.current().pid());
  }

  /** Its figures by name, for JSON. */
  Map<String, Long> figures() {
    Map<String, Long> figures = new LinkedHashMap<>();
    figures.put("rss_bytes", rssBytes);
    figures.put("anon_bytes", anonBytes);
    figures.put("shmem_bytes", shmemBytes);
    figures.put("threads", (long) threads);
    figures.put("descriptors", (long) descriptors);
    figures.put("mappings", (long) mappings);
    figures.put("ucx_own_segments", (long) ownSegments);
    figures.put("ucx_peer_segments", (long) peerSegments);
    figures.put("ucx_peer_mappings", (long) peerMappings);
    figures.put("ucx_peer_mapped_bytes", peerMappedBytes);
    figures.put("ucx_peer_resident_bytes", peerResidentBytes);
    return figures;
  }
}
