package dev.trellis.server;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.util.List;
import org.slf4j.LoggerFactory;

/** Captures what a logger (and its children) logs, through the logging backend, while open. */
final class LogCapture implements AutoCloseable {
  private final Logger logger;
  private final Level before;
  private final ListAppender<ILoggingEvent> appender = new ListAppender<>();

  LogCapture(String name, Level level) {
    logger = (Logger) LoggerFactory.getLogger(name);
    before = logger.getLevel();
    logger.setLevel(level);
    appender.start();
    logger.addAppender(appender);
  }

  /** Everything captured so far, as formatted messages prefixed by their level. */
  List<String> lines() {
    return List.copyOf(appender.list).stream().map(e -> e.getLevel() + " " + e.getFormattedMessage()).toList();
  }

  List<ILoggingEvent> events() {
    return List.copyOf(appender.list);
  }

  @Override
  public void close() {
    logger.detachAppender(appender);
    logger.setLevel(before);
  }

  /** The key-value pairs an event carries (what {@code --log-format json} writes as fields). */
  static java.util.Map<String, Object> fields(ILoggingEvent e) {
    java.util.Map<String, Object> out = new java.util.LinkedHashMap<>();
    if (e.getKeyValuePairs() != null) {
      e.getKeyValuePairs().forEach(kv -> out.put(kv.key, kv.value));
    }
    return out;
  }
}
