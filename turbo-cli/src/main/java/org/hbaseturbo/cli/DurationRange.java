package org.hbaseturbo.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The range of a {@link DurationArgument} option, each bound written as the option takes it ("1s", "1h"). As with
 * {@link Range}, the command line refuses a value outside it before any command starts ({@link RangeCheck}), and
 * the option's description states it as "MIN to MAX".
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
@interface DurationRange {
  String min();

  String max();
}
