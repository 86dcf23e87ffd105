package org.hbaseturbo.cli;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A duration given on the command line, written as Turbo's configuration values write one: a whole number and a
 * unit ({@code 500ms}, {@code 8s}, {@code 2m}, {@code 1h}, {@code 1d}), or a number alone in the option's own unit,
 * which is what the option counted in before durations took units. Every command works in whole seconds (YCSB's
 * runs last whole seconds), so a value that is not one is refused. Shown in its largest whole unit: 90s, 2m, 1h.
 */
record DurationArgument(Duration duration) {
  private static final Pattern FORM = Pattern.compile("(\\d{1,9})(ms|s|m|h|d)?");
  private static final long SECONDS_PER_MINUTE = 60;
  private static final long SECONDS_PER_HOUR = 3_600;
  private static final long SECONDS_PER_DAY = 86_400;

  static DurationArgument ofSeconds(long seconds) {
    return new DurationArgument(Duration.ofSeconds(seconds));
  }

  /**
   * @param bareUnit the unit of a number given alone
   * @throws TypeConversionException saying what was expected, when the text is no duration or no whole seconds
   */
  static DurationArgument parse(String text, ChronoUnit bareUnit) {
    Matcher matcher = FORM.matcher(text.trim().toLowerCase(Locale.ROOT));
    String bare = bareUnit == ChronoUnit.MINUTES ? "minutes" : "seconds";
    String expected = "expected a duration in whole seconds such as 30s, 5m or 1h (a number alone is " + bare
        + "), was '" + text + "'";
    if (!matcher.matches()) {
      throw new TypeConversionException(expected);
    }
    long amount = Long.parseLong(matcher.group(1));
    String unit = matcher.group(2);
    Duration duration = unit == null ? Duration.of(amount, bareUnit) : switch (unit) {
      case "ms" -> Duration.ofMillis(amount);
      case "s" -> Duration.ofSeconds(amount);
      case "m" -> Duration.ofMinutes(amount);
      case "h" -> Duration.ofHours(amount);
      default -> Duration.ofDays(amount);
    };
    if (duration.toMillisPart() != 0) {
      throw new TypeConversionException(expected);
    }
    return new DurationArgument(duration);
  }

  /** The whole seconds, as the benchmarks and YCSB count them. */
  int seconds() {
    return Math.toIntExact(duration.toSeconds());
  }

  @Override
  public String toString() {
    long seconds = duration.toSeconds();
    if (seconds == 0) {
      return "0s";
    }
    if (seconds % SECONDS_PER_DAY == 0) {
      return seconds / SECONDS_PER_DAY + "d";
    }
    if (seconds % SECONDS_PER_HOUR == 0) {
      return seconds / SECONDS_PER_HOUR + "h";
    }
    return seconds % SECONDS_PER_MINUTE == 0 ? seconds / SECONDS_PER_MINUTE + "m" : seconds + "s";
  }

  /** For the options whose number alone is in seconds. */
  static final class Seconds implements ITypeConverter<DurationArgument> {
    @Override
    public DurationArgument convert(String value) {
      return parse(value, ChronoUnit.SECONDS);
    }
  }

  /** For the options whose number alone is in minutes. */
  static final class Minutes implements ITypeConverter<DurationArgument> {
    @Override
    public DurationArgument convert(String value) {
      return parse(value, ChronoUnit.MINUTES);
    }
  }
}
