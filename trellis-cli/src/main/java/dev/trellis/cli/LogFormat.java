package dev.trellis.cli;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.JsonEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.OutputStreamAppender;
import java.io.OutputStream;
import org.slf4j.LoggerFactory;

/**
 * {@code --log-format}: {@code text} keeps the bundled {@code logback.xml} (one readable line per
 * event); {@code json} writes one JSON object per event (logback's {@link JsonEncoder}: timestamp,
 * level, thread, logger, formatted message, MDC, throwable) to the same stream, for log shippers.
 */
final class LogFormat {
  private LogFormat() {}

  /** Applies {@code format} ({@code text} or {@code json}), writing to {@code out}; throws on another name. */
  static void apply(String format, OutputStream out) {
    switch (format) {
      case "text" -> { }
      case "json" -> json(out);
      default -> throw new IllegalArgumentException("--log-format must be text or json, got " + format);
    }
  }

  private static void json(OutputStream out) {
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
    JsonEncoder encoder = new JsonEncoder();
    encoder.setContext(context);
    encoder.setWithFormattedMessage(true);
    encoder.setWithMessage(false);
    encoder.setWithArguments(false);
    encoder.setWithContext(false);
    encoder.setWithNanoseconds(false);
    encoder.setWithSequenceNumber(false);
    encoder.start();
    OutputStreamAppender<ILoggingEvent> appender = new OutputStreamAppender<>();
    appender.setName("json");
    appender.setContext(context);
    appender.setEncoder(encoder);
    appender.setOutputStream(out);
    appender.start();
    root.detachAndStopAllAppenders();
    root.addAppender(appender);
  }
}
