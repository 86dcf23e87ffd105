package org.hbaseturbo.client.scan;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.hbase.util.Bytes;
import org.hbaseturbo.wire.scan.PreparedScanError;
import org.hbaseturbo.wire.scan.PreparedScanException;
import org.junit.jupiter.api.Test;

class TestExecution {
  private static final byte[] A = Bytes.toBytes("a");
  private static final byte[] B = Bytes.toBytes("b");

  @Test
  void acceptsOrdinaryRanges() {
    assertThatCode(() -> Execution.range(A, B).validate()).doesNotThrowAnyException();
    assertThatCode(() -> Execution.range(new byte[0], new byte[0]).validate()).doesNotThrowAnyException();
    assertThatCode(() -> Execution.range(B, new byte[0]).validate()).doesNotThrowAnyException();
    assertThatCode(() -> new Execution().withStartRow(A, true).withStopRow(A, true).validate())
        .doesNotThrowAnyException();
  }

  @Test
  void namesWhatIsWrong() {
    assertThatThrownBy(() -> Execution.range(B, A).validate())
        .hasMessage("row range [b, a) is inverted; expected a start row before the stop row");
    assertThatThrownBy(() -> Execution.range(A, A).validate())
        .hasMessage("row range [a, a) is empty; expected a start row before the stop row");
    assertThatThrownBy(() -> Execution.range(A, B).caching(0).validate())
        .hasMessage("caching is 0; expected at least 1 row per reply");
    assertThatThrownBy(() -> Execution.range(A, B).limit(-1).validate())
        .hasMessage("limit is -1; expected 0 (none) or a number of rows");
  }

  @Test
  void remoteErrorsComeBackTyped() {
    String wire = "org.apache.hadoop.hbase.DoNotRetryIOException: "
        + PreparedScanException.wireMessage(PreparedScanError.UNKNOWN_FAMILY, "family 'x' is not in table 't'")
        + "\n\tat org.hbaseturbo.server...";
    PreparedScanException typed = PreparedScanException.fromRemote(new RuntimeException(wire));
    org.assertj.core.api.Assertions.assertThat(typed.error()).isEqualTo(PreparedScanError.UNKNOWN_FAMILY);
    org.assertj.core.api.Assertions.assertThat(typed).hasMessage("family 'x' is not in table 't'");
    org.assertj.core.api.Assertions.assertThat(PreparedScanException.fromRemote(new RuntimeException("other")))
        .isNull();
  }
}
