package org.hbaseturbo.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.hbaseturbo.common.InvalidInputException;
import org.junit.jupiter.api.Test;

class TestJvmSize {
  @Test
  void readsASizeAsXmxTakesIt() {
    assertThat(JvmSize.bytes("4096", "heap", "size", "1m")).isEqualTo(4096);
    assertThat(JvmSize.bytes("64k", "heap", "size", "1m")).isEqualTo(64L << 10);
    assertThat(JvmSize.bytes("1536M", "heap", "size", "1m")).isEqualTo(1536L << 20);
    assertThat(JvmSize.bytes("3g", "heap", "size", "1m")).isEqualTo(3L << 30);
  }

  @Test
  void refusesWhatXmxWouldNotTakeNamingTheValueAndWhatItIsOf() {
    for (String bad : new String[] {"two", "0", "01g", "1.5g", "2gb", "-1g", ""}) {
      assertThatThrownBy(() -> JvmSize.bytes(bad, "--node-memory", "size", "1536m"))
          .isInstanceOf(InvalidInputException.class)
          .hasMessage("--node-memory '" + bad + "' is not a size; expected a number with k, m or g, such as 1536m"
              + " or 2g");
    }
  }
}
