package org.hbaseturbo.cli;

import java.lang.reflect.Field;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.ParseResult;

/**
 * Refuses a count-like option given outside its {@link Range}, or a duration outside its {@link DurationRange},
 * before the command runs.
 */
final class RangeCheck {
  private RangeCheck() {
  }

  /** The range of an option declared on a field with {@link Range}, if it has one. */
  static Optional<Range> of(OptionSpec option) {
    return option.userObject() instanceof Field field ? Optional.ofNullable(field.getAnnotation(Range.class))
        : Optional.empty();
  }

  /** The range of a duration option, if it has one. */
  static Optional<DurationRange> durationRangeOf(OptionSpec option) {
    return option.userObject() instanceof Field field ? Optional.ofNullable(field.getAnnotation(DurationRange.class))
        : Optional.empty();
  }

  /** "1s to 1h", as descriptions state a duration's range. */
  static String describe(DurationRange range) {
    return range.min() + " to " + range.max();
  }

  /** "1 to 100", as descriptions state a range. */
  static String describe(Range range) {
    return String.format(Locale.ROOT, "%,d to %,d", range.min(), range.max());
  }

  /**
   * @throws ParameterException naming the first option of the command line or its subcommands given outside
   *     its range, its range and the value given
   */
  static void check(ParseResult parsed) {
    for (ParseResult command = parsed; command != null;
        command = command.hasSubcommand() ? command.subcommand() : null) {
      for (OptionSpec option : command.matchedOptions()) {
        Optional<Range> range = of(option);
        if (range.isPresent()) {
          check(command, option, range.get());
        }
        Optional<DurationRange> durations = durationRangeOf(option);
        if (durations.isPresent()) {
          check(command, option, durations.get());
        }
      }
    }
  }

  private static void check(ParseResult command, OptionSpec option, Range range) {
    Object value = option.getValue();
    Collection<?> numbers = value instanceof Collection<?> list ? list : List.of(value);
    for (Object number : numbers) {
      long n = ((Number) number).longValue();
      if (n < range.min() || n > range.max()) {
        String bounds = String.format(Locale.ROOT, "between %,d and %,d", range.min(), range.max());
        throw new ParameterException(command.commandSpec().commandLine(), option.longestName()
            + (value instanceof Collection ? " must list numbers " + bounds + ", was " + value
                : " must be " + bounds + ", was " + value));
      }
    }
  }

  private static void check(ParseResult command, OptionSpec option, DurationRange range) {
    Duration value = ((DurationArgument) option.getValue()).duration();
    if (value.compareTo(bound(range.min())) < 0 || value.compareTo(bound(range.max())) > 0) {
      throw new ParameterException(command.commandSpec().commandLine(), option.longestName() + " must be between "
          + range.min() + " and " + range.max() + ", was " + option.getValue());
    }
  }

  static Duration bound(String bound) {
    return DurationArgument.parse(bound, ChronoUnit.SECONDS).duration();
  }
}
