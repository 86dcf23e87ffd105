package org.hbaseturbo.bench;

import java.util.Arrays;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.hbaseturbo.common.InvalidInputException;

/** Finds one of a benchmark's choices (variant, operation) by the label a user gives, case aside. */
public final class Labels {
  private Labels() {
  }

  /** @throws InvalidInputException naming {@code given} and every label {@code values} have */
  public static <E> E find(E[] values, Function<E, String> label, String given, String what) {
    String lower = given.toLowerCase(Locale.ROOT);
    return Arrays.stream(values).filter(value -> label.apply(value).equals(lower)).findFirst()
        .orElseThrow(() -> new InvalidInputException("unknown " + what + " '" + given + "': expected "
            + Arrays.stream(values).map(label).collect(Collectors.joining(", "))));
  }
}
