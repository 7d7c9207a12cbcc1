package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.ContextInitializer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** {@code --log-format json}: every log event is one JSON object per line. */
class LogFormatTest {
  @AfterEach
  void restoreDefaultConfig() throws Exception {
    LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
    context.reset();
    new ContextInitializer(context).autoConfig();
  }

  @Test
  void jsonFormatWritesOneObjectPerEvent() throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    LogFormat.apply("json", out);
    LoggerFactory.getLogger("dev.trellis.server.requests").info("POST {} {} {}ms", "/threads", 200, 3);
    String[] lines = out.toString(StandardCharsets.UTF_8).strip().split("\n");
    assertEquals(1, lines.length, out.toString(StandardCharsets.UTF_8));
    JsonNode event = new ObjectMapper().readTree(lines[0]);
    assertEquals("INFO", event.get("level").asText());
    assertEquals("dev.trellis.server.requests", event.get("loggerName").asText());
    assertEquals("POST /threads 200 3ms", event.get("formattedMessage").asText(), lines[0]);
  }

  @Test
  void anUnknownFormatIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> LogFormat.apply("xml", new ByteArrayOutputStream()));
  }
}
