package org.hbaseturbo.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class TestKernelSetting {
  /** What Files.readString got of it on this project's hosts: its first digit. */
  @Test
  void aNumericSettingIsReadWhole() throws Exception {
    assumeThat(Files.isReadable(Path.of("/proc/sys/vm/max_map_count"))).as("Linux").isTrue();
    assertThat(KernelSetting.read("vm/max_map_count")).matches("[0-9]+").hasSizeGreaterThan(1);
    assertThat(KernelSetting.read("net/ipv4/ip_local_port_range")).matches("[0-9]+\\s+[0-9]+");
  }

  @Test
  void anUnknownSettingIsAnIoException() {
    assertThatThrownBy(() -> KernelSetting.read("vm/no_such_setting")).isInstanceOf(IOException.class);
  }
}
