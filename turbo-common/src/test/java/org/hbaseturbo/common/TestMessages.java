package org.hbaseturbo.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class TestMessages {
  @Test
  void firstLineOfTheRootCause() {
    Exception wrapped = new RuntimeException("outer", new IOException("Failed after attempts=3\n\tat x.y(Z.java:1)"));
    assertThat(Messages.rootCause(wrapped)).isInstanceOf(IOException.class);
    assertThat(Messages.firstLine(Messages.rootCause(wrapped))).isEqualTo("Failed after attempts=3");
    assertThat(Messages.firstLine(new IllegalStateException())).isEqualTo("IllegalStateException");
  }
}
