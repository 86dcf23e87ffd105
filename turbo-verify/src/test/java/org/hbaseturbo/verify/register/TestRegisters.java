package org.hbaseturbo.verify.register;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestRegisters {
  private final Registers registers = new Registers(2);

  @Test
  void aReadOfTheLastAcknowledgedValueOrOfOneInFlightIsFine() {
    acknowledged(0, 3);
    long bar = registers.acknowledged(0);
    // Value 4 sent, not yet acknowledged: a read may see it or not.
    long inFlight = registers.attempt(0);
    Registers.PathJudge judge = registers.judge();

    judge.judge(0, bar, 3);
    judge.judge(0, bar, inFlight);

    assertThat(judge.counts()).isEqualTo(new RegisterCounts.PathReads(2, 0, 0, 0, List.of(),
        List.of()));
  }

  @Test
  void aReadOlderThanAValueAcknowledgedBeforeItBeganIsStale() {
    acknowledged(0, 5);
    Registers.PathJudge judge = registers.judge();

    judge.judge(0, registers.acknowledged(0), 2);
    judge.judge(0, registers.acknowledged(0), 0);

    RegisterCounts.PathReads counts = judge.counts();
    assertThat(counts.stale()).isEqualTo(2);
    assertThat(counts.staleExamples()).containsExactly("key 0 read 2, acknowledged 5 before the read began",
        "key 0 read 0, acknowledged 5 before the read began");
  }

  @Test
  void aValueAcknowledgedAfterTheReadBeganDoesNotMakeItStale() {
    acknowledged(1, 1);
    long bar = registers.acknowledged(1);
    // The write of 2 is acknowledged while the read is under way.
    acknowledged(1, 2);
    Registers.PathJudge judge = registers.judge();

    judge.judge(1, bar, 1);

    assertThat(judge.counts().stale()).isZero();
  }

  @Test
  void aReadOfAValueNoWriterSentIsAPhantom() {
    acknowledged(1, 2);
    Registers.PathJudge judge = registers.judge();

    judge.judge(1, registers.acknowledged(1), 7);

    RegisterCounts.PathReads counts = judge.counts();
    assertThat(counts.phantom()).isEqualTo(1);
    assertThat(counts.stale()).isZero();
    assertThat(counts.phantomExamples()).containsExactly("key 1 read 7, attempted up to 2 when it ended");
  }

  @Test
  void aFailedWriteCountsAsSentNotAcknowledged() {
    acknowledged(0, 1);
    long failed = registers.attempt(0);
    registers.failed();
    Registers.PathJudge judge = registers.judge();

    // HBase may have applied it: reading it is no phantom; reading 1 is not stale.
    judge.judge(0, registers.acknowledged(0), failed);
    judge.judge(0, registers.acknowledged(0), 1);

    assertThat(judge.counts().stale() + judge.counts().phantom()).isZero();
    assertThat(registers.writesFailed()).isEqualTo(1);
    assertThat(registers.writesAcknowledged()).isEqualTo(1);
    assertThat(registers.checkFinal(new long[] {1, 0}).lost()).isZero();
  }

  @Test
  void aFinalValueOlderThanTheLastAcknowledgedIsLostAndOneNeverSentIsAPhantom() {
    acknowledged(0, 4);
    acknowledged(1, 2);

    Registers.FinalCheck check = registers.checkFinal(new long[] {3, 9});

    assertThat(check.lost()).isEqualTo(1);
    assertThat(check.lostExamples()).containsExactly("key 0 read 3, acknowledged 4");
    assertThat(check.phantom()).isEqualTo(1);
    assertThat(check.phantomExamples()).containsExactly("key 1 read 9, attempted up to 2");
    assertThat(registers.checkFinal(new long[] {4, 2})).isEqualTo(new Registers.FinalCheck(0, 0,
        List.of(), List.of()));
  }

  @Test
  void keepsTheFirstExamplesOnly() {
    acknowledged(0, 100);
    Registers.PathJudge judge = registers.judge();

    for (int i = 0; i < 50; i++) {
      judge.judge(0, registers.acknowledged(0), i);
    }

    assertThat(judge.counts().stale()).isEqualTo(50);
    assertThat(judge.counts().staleExamples()).hasSize(Registers.EXAMPLES)
        .startsWith("key 0 read 0, acknowledged 100 before the read began");
  }

  /** Writes {@code key}'s values up to {@code value}, each acknowledged. */
  private void acknowledged(int key, long value) {
    while (registers.acknowledged(key) < value) {
      registers.acknowledge(key, registers.attempt(key));
    }
  }
}
