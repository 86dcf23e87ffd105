package org.hbaseturbo.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import org.apache.log4j.AppenderSkeleton;
import org.apache.log4j.spi.LoggingEvent;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class TestJulToLogFile {
  private static final String NAME = "org.hbaseturbo.cli.TestJulToLogFile.library";
  private final List<LoggingEvent> logged = new ArrayList<>();
  private final AppenderSkeleton collector = new AppenderSkeleton() {
    @Override
    protected void append(LoggingEvent event) {
      logged.add(event);
    }

    @Override
    public void close() {
    }

    @Override
    public boolean requiresLayout() {
      return false;
    }
  };

  @BeforeEach
  void collect() {
    // Every level log4j has, whatever the tests' log4j.properties hold back: which reach the log is JUL's to say here.
    org.apache.log4j.Logger.getLogger(NAME).setLevel(org.apache.log4j.Level.ALL);
    org.apache.log4j.Logger.getLogger(NAME).addAppender(collector);
  }

  @AfterEach
  void stopCollecting() {
    org.apache.log4j.Logger.getLogger(NAME).removeAppender(collector);
    org.apache.log4j.Logger.getLogger(NAME).setLevel(null);
  }

  @Test
  void aLibrarysWarningGoesToTheLogWithItsStackTraceAndNotToTheTerminal() {
    String printed = JvmStderr.printedBy(() -> {
      JulToLogFile.install();
      java.util.logging.Logger.getLogger(NAME).log(Level.WARNING, "refresh of {0} failed",
          new Object[] {"a region"});
      java.util.logging.Logger.getLogger(NAME).log(Level.WARNING, "Exception thrown during refresh",
          new IllegalStateException("its files are gone"));
    });

    assertThat(printed).isEmpty();
    assertThat(logged).hasSize(2);
    assertThat(logged.get(0).getLevel()).isEqualTo(org.apache.log4j.Level.WARN);
    assertThat(logged.get(0).getRenderedMessage()).isEqualTo("refresh of a region failed");
    assertThat(logged.get(1).getThrowableInformation().getThrowable()).hasMessage("its files are gone");
  }

  @Test
  void levelsMapToLog4jsAndJulsDefaultLevelStillHoldsBackFineDetail() {
    JulToLogFile.install();
    java.util.logging.Logger logger = java.util.logging.Logger.getLogger(NAME);
    logger.severe("severe");
    logger.info("info");
    logger.fine("fine");

    assertThat(logged).extracting(LoggingEvent::getLevel)
        .containsExactly(org.apache.log4j.Level.ERROR, org.apache.log4j.Level.INFO);
    Handler[] handlers = java.util.logging.Logger.getLogger("").getHandlers();
    assertThat(handlers).singleElement().isInstanceOf(JulToLogFile.class);
  }
}
