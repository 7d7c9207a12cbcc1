package dev.trellis.agent.structured;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ToolSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A structured answer format: a JSON schema and how to read an answer into {@code R} (a
 * record, or a Map for a hand-written schema). Usable anywhere a model is called
 * ({@link #call(ChatModel, List, Class)}), and by the agent's {@code responseFormat}.
 * Immutable and thread-safe.
 */
public final class StructuredOutput<R> {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final String name;
  private final Map<String, Object> schema;
  private final Class<R> type;
  private final String prompt;

  private StructuredOutput(String name, Map<String, Object> schema, Class<R> type, String prompt) {
    this.name = name;
    this.schema = Map.copyOf(schema);
    this.type = type;
    this.prompt = prompt;
  }

  /** Answers read into the record {@code type}; the schema comes from {@link JsonSchemas#of}. */
  public static <R extends Record> StructuredOutput<R> of(Class<R> type) {
    return new StructuredOutput<>(type.getSimpleName(), JsonSchemas.of(type), type, null);
  }

  /** Answers following a hand-written JSON schema, read as a Map; {@code prompt} (may be null) says what to produce. */
  @SuppressWarnings("unchecked")
  public static StructuredOutput<Map<String, Object>> of(String prompt, Map<String, Object> jsonSchema) {
    Object title = jsonSchema.get("title");
    return new StructuredOutput<>(title instanceof String s ? s : "StructuredResponse", jsonSchema,
        (Class<Map<String, Object>>) (Class<?>) Map.class, prompt);
  }

  /** The schema's name (the record's simple name), also the name of the tool in the tool strategy. */
  public String name() {
    return name;
  }

  public Map<String, Object> schema() {
    return schema;
  }

  /** The extraction prompt, or null. */
  public String prompt() {
    return prompt;
  }

  /** The schema as a tool the model calls to answer (the tool-calling strategy). */
  public ToolSpec toolSpec() {
    String d = prompt != null ? prompt : schema.get("description") instanceof String s ? s
        : "Answer with a " + name + ".";
    return new ToolSpec(name, d, schema);
  }

  /** Reads parsed JSON (e.g. tool-call arguments) into {@code R}, or fails naming what does not fit. */
  @SuppressWarnings("unchecked")
  public R read(Object json) {
    if (type == Map.class) {
      if (!(json instanceof Map<?, ?> m)) {
        throw new StructuredOutputException("$ should be an object, got " + json);
      }
      Object req = schema.get("required");
      if (req instanceof List<?> names) {
        for (Object n : names) {
          if (m.get(n) == null) {
            throw new StructuredOutputException("$." + n + " is missing");
          }
        }
      }
      return (R) Map.copyOf((Map<String, Object>) m);
    }
    return RecordReader.read(json, type);
  }

  /** Reads an answer's text (JSON, optionally in a code fence) into {@code R}. */
  public R readText(String text) {
    String t = text.strip();
    if (t.startsWith("```")) {
      t = t.replaceAll("^```[a-zA-Z]*\\s*", "").replaceAll("\\s*```$", "");
    }
    try {
      return read(JSON.readValue(t, Object.class));
    } catch (JsonProcessingException e) {
      throw new StructuredOutputException("the answer is not JSON: " + e.getOriginalMessage());
    }
  }

  /**
   * Asks {@code model} for an answer following {@code type}'s schema (provider-native: the
   * schema travels as the request's response format) and reads it, retrying up to twice
   * with the model shown its error.
   */
  public static <R extends Record> R call(ChatModel model, List<Message> messages, Class<R> type) throws Exception {
    return of(type).call(model, messages, 2);
  }

  /** Like {@link #call(ChatModel, List, Class)} with this format and {@code maxRetries} retries. */
  public R call(ChatModel model, List<Message> messages, int maxRetries) throws Exception {
    Objects.requireNonNull(model, "model");
    List<Message> convo = new ArrayList<>(messages);
    if (prompt != null) {
      convo.add(0, Message.system(prompt));
    }
    for (int attempt = 0; ; attempt++) {
      Message.Ai ai = dev.trellis.agent.observe.Observed.chat(model, new ChatRequest(convo, List.of(), schema));
      try {
        return readText(ai.text());
      } catch (StructuredOutputException e) {
        if (attempt >= maxRetries) {
          throw e;
        }
        convo.add(ai);
        convo.add(Message.human(retryMessage(e)));
      }
    }
  }

  /** What the model is told when its answer did not fit. */
  public String retryMessage(StructuredOutputException e) {
    return "Error: your answer does not follow the " + name + " schema: " + e.getMessage()
        + ". Please fix your mistakes and answer again.";
  }
}
