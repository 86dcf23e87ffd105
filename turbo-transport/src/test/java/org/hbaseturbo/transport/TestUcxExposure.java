package org.hbaseturbo.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.hbaseturbo.wire.fastpath.ChannelSettings;
import org.hbaseturbo.wire.fastpath.ChannelSettings.Transports;
import org.hbaseturbo.wire.fastpath.FastPathUnavailableException;
import org.junit.jupiter.api.Test;
import org.openucx.jucx.ucp.UcpContext;
import org.openucx.jucx.ucp.UcpWorker;
import org.openucx.jucx.ucp.UcpWorkerParams;

/**
 * What a fast-path end exposes, read from the kernel: UCX's TCP transport listens on every device it is given, so by
 * default an end listens on none, and once devices are named, only on those; its shared memory is POSIX segments
 * that only its own user can open (mode 0600, unlinked at once), never SysV segments (mode 0660, open to the group),
 * and a context whose transports make SysV segments anyway is refused when it opens.
 */
class TestUcxExposure {
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
    Set<Path> segmentsBefore = new HashSet<>(UcxExposure.sharedMemory());
    Set<String> sysvBefore = UcxExposure.sysvSegments();
    try (UcpContext context = UcxRuntime.openContext(ChannelSettings.transports(new Configuration(false)))) {
      UcpWorker worker = context.newWorker(new UcpWorkerParams());
      try {
        List<Path> opened = UcxExposure.sharedMemory().stream().filter(path -> !segmentsBefore.contains(path))
            .toList();
        assertThat(opened).as("POSIX segments the worker made").isNotEmpty();
        for (Path fd : opened) {
          assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(fd))).as(fd.toString())
              .isEqualTo("rw-------");
        }
        assertThat(UcxExposure.sysvSegments()).as("SysV segments this process made").isEqualTo(sysvBefore);
      } finally {
        worker.close();
      }
    }
  }

  @Test
  void aContextThatMakesSysvSegmentsIsRefused() throws Exception {
    // Past ChannelSettings, as UCX's own aliases got past it once (mm): what UCX made decides.
    Set<String> before = UcxExposure.sysvSegments();
    assertThatThrownBy(() -> UcxRuntime.openContext(new Transports("sysv,posix", "")))
        .isInstanceOf(FastPathUnavailableException.class).hasMessageContaining("UCX made SysV shared-memory segments")
        .hasMessageContaining(ChannelSettings.TRANSPORTS_KEY);
    assertThat(UcxExposure.sysvSegments()).as("the refused context's segments are gone").isEqualTo(before);
  }

  /** The local addresses of the TCP listeners this process gained by opening a context and a worker. */
  private static List<String> listenersOpenedBy(Configuration conf) throws Exception {
    Set<String> before = new HashSet<>(UcxExposure.tcpListeners());
    try (UcpContext context = UcxRuntime.openContext(ChannelSettings.transports(conf))) {
      UcpWorker worker = context.newWorker(new UcpWorkerParams());
      try {
        return UcxExposure.tcpListeners().stream().filter(address -> !before.contains(address)).toList();
      } finally {
        worker.close();
      }
    }
  }
}
