package dev.trellis.safety.train;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.agent.message.Message;
import dev.trellis.safety.ReplyContext;
import dev.trellis.safety.RiskClass;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One labelled message of a corpus or evaluation set, a JSON line
 * {@code {id, text, label, locale, crisis, history?}} ({@code history}: earlier messages,
 * {@code {role, content}} or plain strings, oldest first).
 */
public record Example(String id, String text, RiskClass label, String locale, boolean crisis, List<Message> history) {
  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * The text the head is trained on: the message, or for a short reply with a history the reply read after what it
   * answers — the assistant's question, else the previous user message ({@link ReplyContext}) — as the classifier
   * reads it.
   */
  public String headText() {
    String inContext = ReplyContext.read(text, history, locale);
    return inContext == null ? text : inContext;
  }

  /** Every line of {@code file}; a bad line fails naming the file and line. */
  public static List<Example> read(Path file) {
    List<Example> out = new ArrayList<>();
    try {
      List<String> lines = Files.readAllLines(file);
      for (int i = 0; i < lines.size(); i++) {
        String line = lines.get(i).strip();
        if (line.isEmpty()) {
          continue;
        }
        try {
          out.add(parse(line));
        } catch (RuntimeException | IOException e) {
          throw new IllegalArgumentException(file + ":" + (i + 1) + ": " + e.getMessage(), e);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /** Every {@code *.jsonl} file of {@code dir}, in name order. */
  public static List<Example> readDir(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.toString().endsWith(".jsonl")).sorted().flatMap(p -> read(p).stream()).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  static Example parse(String line) throws IOException {
    Map<String, Object> m = JSON.readValue(line, Map.class);
    String text = (String) m.get("text");
    if (text == null) {
      throw new IllegalArgumentException("no text");
    }
    RiskClass label = RiskClass.fromWire(String.valueOf(m.get("label")));
    Object crisis = m.get("crisis");
    List<Message> history = new ArrayList<>();
    if (m.get("history") instanceof List<?> h) {
      for (Object o : h) {
        if (o instanceof Map<?, ?> e) {
          String content = String.valueOf(e.get("content") != null ? e.get("content") : e.get("text"));
          history.add("assistant".equals(e.get("role")) || "ai".equals(e.get("role")) ? Message.ai(content)
              : Message.human(content));
        } else if (o != null) {
          history.add(Message.human(o.toString()));
        }
      }
    }
    return new Example(String.valueOf(m.get("id")), text, label, m.get("locale") == null ? "en-US" : (String) m.get("locale"),
        crisis instanceof Boolean b ? b : label.crisis(), List.copyOf(history));
  }
}
