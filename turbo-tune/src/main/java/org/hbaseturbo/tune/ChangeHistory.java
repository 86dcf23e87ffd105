package org.hbaseturbo.tune;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.hbaseturbo.tune.policy.Route;

/**
 * What an audit log says the executor changed: the newest apply still to undo, whether a change is rolled back, and
 * whose server settings were in force before one. A rollback counts once all its steps are applied, so that one
 * that failed is taken again.
 */
final class ChangeHistory {
  /** The actions of the log's entries. */
  static final String APPLY = "apply";
  static final String ROLLBACK = "rollback";
  static final String TRIAL = "trial";

  private final List<AuditLog.Entry> log;

  ChangeHistory(List<AuditLog.Entry> log) {
    this.log = log;
  }

  /** The newest apply that may have changed something and is not rolled back yet. */
  Optional<String> lastToUndo() {
    for (int i = log.size() - 1; i >= 0; i--) {
      AuditLog.Entry entry = log.get(i);
      if (entry.action().equals(APPLY) && mayHaveChanged(entry) && !rolledBack(entry.change())) {
        return Optional.of(entry.change());
      }
    }
    return Optional.empty();
  }

  /** The steps of {@code change}'s apply that may have changed their value, to restore, in the order taken. */
  List<AuditLog.Entry> toRestore(String change) {
    return log.stream().filter(entry -> entry.change().equals(change) && entry.action().equals(APPLY)
        && mayHaveChanged(entry)).toList();
  }

  /**
   * The class whose server settings were in force before {@code change}: that of the newest apply that changed the
   * servers and is not rolled back, other than {@code change}; empty for none.
   */
  String classInForceBefore(String change) {
    for (int i = log.size() - 1; i >= 0; i--) {
      AuditLog.Entry entry = log.get(i);
      if (!entry.change().equals(change) && entry.action().equals(APPLY)
          && entry.target().scope() == AuditLog.Scope.SERVERS && entry.status() == AuditLog.Status.APPLIED
          && !rolledBack(entry.change())) {
        return entry.workloadClass();
      }
    }
    return "";
  }

  /**
   * The newest trial of {@code workloadClass}'s policy judged {@link AuditLog.Status#REVERTED} at or after
   * {@code since} whose apply set values that {@code targets} would all set again, each key to the same value (the
   * pre-split apart, which no rollback undoes): the verdict known in advance for a switch to {@code targets}.
   *
   * @param targets every value the switch's policy asks for, in force already or not
   */
  Optional<AuditLog.Entry> revertedAlike(String workloadClass, Map<String, String> targets, Instant since) {
    for (int i = log.size() - 1; i >= 0; i--) {
      AuditLog.Entry entry = log.get(i);
      if (entry.action().equals(TRIAL) && entry.status() == AuditLog.Status.REVERTED
          && entry.workloadClass().equals(workloadClass) && !Instant.parse(entry.time()).isBefore(since)) {
        List<AuditLog.Entry> set = toRestore(entry.change()).stream()
            .filter(step -> step.route() != Route.PRESPLIT).toList();
        if (!set.isEmpty() && set.stream().allMatch(step -> step.newValue().equals(targets.get(step.key())))) {
          return Optional.of(entry);
        }
      }
    }
    return Optional.empty();
  }

  private boolean rolledBack(String change) {
    List<AuditLog.Entry> undone = log.stream().filter(entry -> entry.change().equals(change)
        && entry.action().equals(ROLLBACK)).toList();
    return !undone.isEmpty() && undone.stream().allMatch(entry -> entry.status() == AuditLog.Status.APPLIED
        || entry.status() == AuditLog.Status.KEPT);
  }

  /** Whether the value may differ from its old one: the step was taken, or begun. */
  private static boolean mayHaveChanged(AuditLog.Entry entry) {
    return List.of(AuditLog.Status.PENDING, AuditLog.Status.APPLIED, AuditLog.Status.FAILED).contains(entry.status());
  }
}
