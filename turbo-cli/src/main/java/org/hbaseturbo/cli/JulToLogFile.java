package org.hbaseturbo.cli;

import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.LogRecord;
import java.util.logging.SimpleFormatter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends what is logged through {@code java.util.logging} to HBase's log file, not the terminal. Libraries inside
 * HBase log so: the shaded Guava's cache, whose refresh the master's balancer uses, printed a 108-line stack trace
 * among {@code tune calibrate}'s results when a region's files had gone (results/pcm/calibrate-all-2026-12-04). The
 * JVM's own JUL configuration has one handler, on the console; it is replaced by this one.
 */
final class JulToLogFile extends Handler {
  /** Formats a record's message with its parameters, as JUL's own handlers do. */
  private final Formatter messages = new SimpleFormatter();

  /** Replaces JUL's console handler by one that writes to HBase's log (through SLF4J, to log4j's file). */
  static void install() {
    LogManager.getLogManager().reset();
    java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
    root.setLevel(Level.INFO);
    root.addHandler(new JulToLogFile());
  }

  @Override
  public void publish(LogRecord record) {
    if (record == null) {
      return;
    }
    Logger logger = LoggerFactory.getLogger(record.getLoggerName() == null ? "" : record.getLoggerName());
    String message = messages.formatMessage(record);
    Throwable thrown = record.getThrown();
    int level = record.getLevel().intValue();
    if (level >= Level.SEVERE.intValue()) {
      logger.error(message, thrown);
    } else if (level >= Level.WARNING.intValue()) {
      logger.warn(message, thrown);
    } else if (level >= Level.INFO.intValue()) {
      logger.info(message, thrown);
    } else if (level >= Level.FINE.intValue()) {
      logger.debug(message, thrown);
    } else {
      logger.trace(message, thrown);
    }
  }

  @Override
  public void flush() {
    // SLF4J's loggers have nothing to flush; log4j's file appender flushes each line.
  }

  @Override
  public void close() {
    // Nothing held.
  }
}
