package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Clears old tool results from what the model sees once the conversation passes a token
 * count (LangChain's {@code ContextEditingMiddleware} with {@code ClearToolUsesEdit}): all but
 * the last {@code keep} tool messages (except those of {@code excludeTools}) have their text
 * replaced by a placeholder, in the model request only; state keeps the full results.
 */
public final class ContextEditing implements AgentMiddleware {
  public static final String PLACEHOLDER = "[cleared]";

  private final long triggerTokens;
  private final int keep;
  private final Set<String> excludeTools;
  private final TokenCounter counter;

  public ContextEditing(long triggerTokens, int keep, Set<String> excludeTools, TokenCounter counter) {
    this.triggerTokens = triggerTokens;
    this.keep = keep;
    this.excludeTools = Set.copyOf(excludeTools);
    this.counter = counter;
  }

  /** LangChain's defaults: trigger at 100,000 tokens, keep the last 3 results. */
  public ContextEditing() {
    this(100_000, 3, Set.of(), TokenCounter.APPROXIMATE);
  }

  @Override
  public String name() {
    return "ContextEditingMiddleware";
  }

  @Override
  public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
    List<Message> messages = request.messages();
    if (counter.count(messages) <= triggerTokens) {
      return next.call(request);
    }
    List<Integer> toolIndexes = new ArrayList<>();
    for (int i = 0; i < messages.size(); i++) {
      if (messages.get(i) instanceof Message.Tool t && !excludeTools.contains(t.name())) {
        toolIndexes.add(i);
      }
    }
    List<Message> edited = new ArrayList<>(messages);
    for (int i : toolIndexes.subList(0, Math.max(0, toolIndexes.size() - keep))) {
      Message.Tool t = (Message.Tool) edited.get(i);
      edited.set(i, new Message.Tool(t.id(), PLACEHOLDER, t.toolCallId(), t.name(), t.error()));
    }
    return next.call(request.withMessages(edited));
  }
}
