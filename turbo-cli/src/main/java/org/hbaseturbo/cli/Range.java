package org.hbaseturbo.cli;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The range of a count-like option (runs, rows, threads, ...), or of each number of a list option. The
 * command line refuses a value outside it before any command starts ({@link RangeCheck}); the option's
 * description states the same range as "MIN to MAX", which TestOptionRanges holds it to.
 *
 * <p>Upper bounds are there to catch a mistyped number (a few zeros too many), not to limit HBase: each is 100
 * times the papers' scale or more; a bigger experiment is better run in parts.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
@interface Range {
  long min();

  long max();
}
