package org.hbaseturbo.common;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestEveryStep {
  @Test
  void everyStepIsTakenAndTheFirstFailureIsThrownWithTheLaterOnesInIt() {
    List<String> taken = new ArrayList<>();
    IOException first = new IOException("link a");
    IOException third = new IOException("link c");
    EveryStep steps = new EveryStep();

    steps.take(() -> {
      taken.add("a");
      throw first;
    });
    steps.take(() -> taken.add("b"));
    steps.take(() -> {
      taken.add("c");
      throw third;
    });

    assertThat(taken).containsExactly("a", "b", "c");
    assertThatThrownBy(steps::throwFirst).isSameAs(first);
    assertThat(first.getSuppressed()).containsExactly(third);
  }

  @Test
  void stepsThatAllSucceedThrowNothing() {
    EveryStep steps = new EveryStep();
    steps.take(() -> { });

    assertThatCode(steps::throwFirst).doesNotThrowAnyException();
  }

  @Test
  void theSameFailureKeptTwiceIsNotSuppressedInItself() {
    IOException failure = new IOException("namespace");
    EveryStep steps = new EveryStep();

    steps.add(failure);
    steps.add(failure);

    assertThatThrownBy(steps::throwFirst).isSameAs(failure);
    assertThat(failure.getSuppressed()).isEmpty();
  }

  @Test
  void aRuntimeExceptionOfAStepIsNotKeptButGoesOnAtOnce() {
    EveryStep steps = new EveryStep();
    IllegalStateException bug = new IllegalStateException("bug");

    assertThatThrownBy(() -> steps.take(() -> {
      throw bug;
    })).isSameAs(bug);
    assertThatCode(steps::throwFirst).doesNotThrowAnyException();
  }

  @Test
  void stepsAfterAFailureAreAllTakenTheirFailuresAddedToIt() {
    Exception failure = new IOException("the run");
    IOException chaos = new IOException("chaos did not stop");
    IllegalStateException registers = new IllegalStateException("registers");
    List<String> taken = new ArrayList<>();

    EveryStep.after(failure, () -> {
      taken.add("chaos");
      throw chaos;
    }, () -> {
      taken.add("registers");
      throw registers;
    }, () -> taken.add("connections"));

    assertThat(taken).containsExactly("chaos", "registers", "connections");
    assertThat(failure.getSuppressed()).containsExactly(chaos, registers);
  }
}
