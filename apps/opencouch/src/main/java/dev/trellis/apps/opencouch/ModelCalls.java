package dev.trellis.apps.opencouch;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.structured.StructuredOutput;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The three shapes of LLM call OpenCouch makes: a structured answer read into a record
 * (classifiers, extractors), a streamed reply whose tokens go to the {@code messages} stream
 * mode, and the offline stand-in for that stream (a prepared reply emitted word by word, so a
 * chat shows it arriving the same way).
 */
public final class ModelCalls {
  private ModelCalls() {
  }

  /** A structured answer of type {@code R} to {@code user} under {@code system}. */
  public static <R extends Record> R structured(ChatModel model, String system, String user, Class<R> type) throws Exception {
    return StructuredOutput.of(type).call(model, List.of(Message.system(system), Message.human(user)), 1);
  }

  /** Streams a reply to {@code user} after {@code history} ({@code {role, content}} entries) under {@code system}. */
  public static String stream(ChatModel model, Runtime rt, String system, List<Map<String, Object>> history, String user)
      throws Exception {
    List<Message> messages = new ArrayList<>();
    messages.add(Message.system(system));
    for (Map<String, Object> h : history) {
      String content = String.valueOf(h.get("content"));
      messages.add("assistant".equals(h.get("role")) ? Message.ai(content) : Message.human(content));
    }
    messages.add(Message.human(user));
    return model.stream(new ChatRequest(messages, List.of()), rt.messages()::write).text();
  }

  /** Emits a prepared reply on the {@code messages} mode word by word; returns it. */
  public static String emit(Runtime rt, String reply) {
    String[] words = reply.split("(?<= )");
    for (String w : words) {
      rt.messages().write(w);
    }
    return reply;
  }
}
