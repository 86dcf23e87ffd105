package org.hbaseturbo.tune;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hbase.TableName;
import org.hbaseturbo.tune.policy.Route;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The log's statuses are written and read as labels, so that logs written before they were an enum still read. */
class TestAuditLog {
  @Test
  void aStatusIsWrittenAsItsLabelAndReadBack(@TempDir Path dir) throws IOException {
    AuditLog log = new AuditLog(dir.resolve("audit.jsonl"));
    AuditLog.Entry entry = new AuditLog.Entry("2026-11-29T00:00:00Z", "c", "apply", "RO-read",
        AuditLog.Target.table(TableName.valueOf("t")), "BLOCKSIZE", "65536", "32768", Route.TABLE,
        AuditLog.Status.DRY_RUN, "user", null);
    log.append(List.of(entry));

    assertThat(Files.readString(log.file())).contains("\"status\":\"dry run\"");
    assertThat(log.read()).containsExactly(entry);
  }

  @Test
  void everyLabelNamesItsStatusAndNoOther() {
    for (AuditLog.Status status : AuditLog.Status.values()) {
      assertThat(AuditLog.Status.of(status.label())).isSameAs(status);
      assertThat(status).hasToString(status.label());
    }
    assertThatThrownBy(() -> AuditLog.Status.of("done")).isInstanceOf(IllegalArgumentException.class)
        .hasMessage("not an audit status: 'done'");
  }

  @Test
  void aLineOfAnUnknownStatusIsNotAnEntry(@TempDir Path dir) throws IOException {
    Path file = dir.resolve("audit.jsonl");
    Files.writeString(file, "{\"time\":\"t\",\"change\":\"c\",\"action\":\"apply\",\"status\":\"done\"}\n");
    assertThatThrownBy(() -> new AuditLog(file).read()).isInstanceOf(IOException.class)
        .hasMessageStartingWith(file + ", line 1: not an audit entry");
  }
}
