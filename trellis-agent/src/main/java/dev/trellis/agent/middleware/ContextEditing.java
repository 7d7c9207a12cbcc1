package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Clears old tool results from what the model sees once the conversation passes a token
 * count (LangChain's {@code ContextEditingMiddleware} with {@code ClearToolUsesEdit}): all but
 * the last {@code keep} tool messages (of any tool), except those of {@code excludeTools}, have their text
 * replaced by a placeholder, oldest first, until at least {@code clearAtLeast} tokens are freed
 * (0: clear them all); with {@code clearToolInputs} the arguments of the tool calls whose
 * results were cleared are emptied too. The edit applies to the model request only; state keeps
 * the full results.
 */
public final class ContextEditing implements AgentMiddleware {
  public static final String PLACEHOLDER = "[cleared]";

  private final long triggerTokens;
  private final int keep;
  private final long clearAtLeast;
  private final boolean clearToolInputs;
  private final Set<String> excludeTools;
  private final TokenCounter counter;

  public ContextEditing(long triggerTokens, int keep, long clearAtLeast, boolean clearToolInputs,
                        Set<String> excludeTools, TokenCounter counter) {
    if (keep < 0 || clearAtLeast < 0) {
      throw new IllegalArgumentException("keep and clearAtLeast must not be negative");
    }
    this.triggerTokens = triggerTokens;
    this.keep = keep;
    this.clearAtLeast = clearAtLeast;
    this.clearToolInputs = clearToolInputs;
    this.excludeTools = Set.copyOf(excludeTools);
    this.counter = counter;
  }

  public ContextEditing(long triggerTokens, int keep, Set<String> excludeTools, TokenCounter counter) {
    this(triggerTokens, keep, 0, false, excludeTools, counter);
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
      if (messages.get(i) instanceof Message.Tool) {
        toolIndexes.add(i);
      }
    }
    List<Message> edited = new ArrayList<>(messages);
    long freed = 0;
    for (int i : toolIndexes.subList(0, Math.max(0, toolIndexes.size() - keep))) {
      if (clearAtLeast > 0 && freed >= clearAtLeast) {
        break;
      }
      Message.Tool t = (Message.Tool) edited.get(i);
      if (t.text().equals(PLACEHOLDER) || excludeTools.contains(t.name())) {
        continue; // the newest results kept are counted among all results, excluded tools' included
      }
      Message.Tool cleared = new Message.Tool(t.id(), PLACEHOLDER, t.toolCallId(), t.name(), t.error());
      freed += counter.count(List.of(t)) - counter.count(List.of(cleared));
      edited.set(i, cleared);
      if (clearToolInputs) {
        clearInputs(edited, t.toolCallId());
      }
    }
    return next.call(request.withMessages(edited));
  }

  private static void clearInputs(List<Message> messages, String toolCallId) {
    for (int i = 0; i < messages.size(); i++) {
      if (messages.get(i) instanceof Message.Ai ai && ai.toolCalls().stream().anyMatch(c -> c.id().equals(toolCallId))) {
        List<Message.ToolCall> calls = ai.toolCalls().stream()
            .map(c -> c.id().equals(toolCallId) ? new Message.ToolCall(c.id(), c.name(), Map.of()) : c).toList();
        messages.set(i, new Message.Ai(ai.id(), ai.text(), calls, ai.usage()));
        return;
      }
    }
  }
}
