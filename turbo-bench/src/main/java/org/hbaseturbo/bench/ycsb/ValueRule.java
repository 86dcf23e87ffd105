package org.hbaseturbo.bench.ycsb;

import java.util.List;
import java.util.Locale;
import java.util.function.Predicate;

/**
 * What values a YCSB property takes: the values that YCSB 0.17 or our bindings read as the user meant. YCSB
 * itself is lenient where it should not be ({@code Boolean.parseBoolean} takes "yes" as false, an unknown
 * {@code insertorder} as "ordered") and fails late where it fails (a stack trace from a client thread after the
 * table was created), so Turbo checks every value against its rule before anything starts.
 */
interface ValueRule {
  /** Whether {@code value} is one of the values this rule takes. */
  boolean accepts(String value);

  /** What the rule takes, as the end of "expected ...". */
  String expected();

  /** A whole number in [{@code min}, {@code max}], as {@code Integer.parseInt}/{@code Long.parseLong} read it. */
  static ValueRule wholeNumber(long min, long max) {
    return of(String.format(Locale.ROOT, "a whole number from %,d to %,d", min, max), value -> {
      try {
        long n = Long.parseLong(value);
        return n >= min && n <= max;
      } catch (NumberFormatException e) {
        return false;
      }
    });
  }

  /** A decimal number from 0 to 1, as YCSB's proportions and fractions. */
  static ValueRule fraction() {
    return decimal("a number from 0 to 1", n -> n >= 0 && n <= 1);
  }

  /** A decimal number for which {@code test} holds, as {@code Double.parseDouble} reads it; never NaN. */
  static ValueRule decimal(String expected, Predicate<Double> test) {
    return of(expected, value -> {
      try {
        double n = Double.parseDouble(value);
        return !Double.isNaN(n) && test.test(n);
      } catch (NumberFormatException e) {
        return false;
      }
    });
  }

  /** One of {@code values}, exactly: YCSB compares them case-sensitively. */
  static ValueRule oneOf(List<String> values) {
    List<String> copy = List.copyOf(values);
    return of("one of " + String.join(", ", copy), copy::contains);
  }

  /** true or false, in any case, as {@code Boolean.parseBoolean} reads them (it takes anything else as false). */
  static ValueRule bool() {
    return of("true or false", value -> value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false"));
  }

  /** Any text, the empty text included. */
  static ValueRule text() {
    return of("any text", value -> true);
  }

  static ValueRule of(String expected, Predicate<String> accepts) {
    return new ValueRule() {
      @Override
      public boolean accepts(String value) {
        return accepts.test(value);
      }

      @Override
      public String expected() {
        return expected;
      }
    };
  }
}
