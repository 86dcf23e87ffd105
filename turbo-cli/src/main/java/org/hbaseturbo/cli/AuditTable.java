package org.hbaseturbo.cli;

import java.util.ArrayList;
import java.util.List;
import org.hbaseturbo.report.TextTable;
import org.hbaseturbo.tune.AuditLog;

/** Audit entries as the tune commands print what they did: one row a value, before and after, and its status. */
final class AuditTable {
  private AuditTable() {
  }

  static String render(List<AuditLog.Entry> entries) {
    List<String[]> rows = new ArrayList<>();
    rows.add(new String[] {"target", "key", "was", "now", "status"});
    for (AuditLog.Entry entry : entries) {
      rows.add(new String[] {entry.target().toString(), entry.key(),
          entry.oldValue() == null ? "(unset)" : entry.oldValue(), entry.newValue() == null ? "(unset)"
              : entry.newValue(), entry.status().label()});
    }
    return TextTable.render(rows, 0, 1, 2, 3, 4);
  }
}
