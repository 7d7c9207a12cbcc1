package dev.trellis.agent;

import dev.trellis.agent.middleware.AgentMiddleware;
import dev.trellis.agent.middleware.ContextEditing;
import dev.trellis.agent.middleware.HumanInTheLoop;
import dev.trellis.agent.middleware.LlmToolSelector;
import dev.trellis.agent.middleware.Summarization;
import dev.trellis.agent.middleware.TokenCounter;
import dev.trellis.agent.model.ChatModel;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The built-in middleware of agent scenarios with more settings than a line (AGENT-FORMAT.md). */
final class AgentScenarioMiddleware {
  private AgentScenarioMiddleware() {}

  @SuppressWarnings("unchecked")
  static AgentMiddleware summarization(Map<String, Object> m, Map<String, ChatModel> models, Map<String, Object> profiles) {
    ChatModel model = models.get((String) m.get("model"));
    List<Object> trigger = (List<Object>) m.get("trigger");
    List<Summarization.Size> triggers = trigger.getFirst() instanceof List<?>
        ? trigger.stream().map(t -> size((List<Object>) t)).toList() : List.of(size(trigger));
    Summarization s = Summarization.of(model, triggers.toArray(Summarization.Size[]::new))
        .keep(size((List<Object>) m.getOrDefault("keep", List.of("messages", 20))));
    if (m.get("summary_prompt") instanceof String p) {
      s = s.withSummaryPrompt(p);
    }
    if (profiles.get(m.get("model")) instanceof Map<?, ?> profile && profile.get("max_input_tokens") instanceof Number n) {
      s = s.withMaxInputTokens(n.intValue());
    }
    return s;
  }

  private static Summarization.Size size(List<Object> pair) {
    return new Summarization.Size((String) pair.get(0), ((Number) pair.get(1)).doubleValue());
  }

  @SuppressWarnings("unchecked")
  static AgentMiddleware contextEditing(Map<String, Object> m) {
    return new ContextEditing(((Number) m.getOrDefault("trigger", 100000)).longValue(),
        ((Number) m.getOrDefault("keep", 3)).intValue(), ((Number) m.getOrDefault("clear_at_least", 0)).longValue(),
        Boolean.TRUE.equals(m.get("clear_tool_inputs")),
        Set.copyOf((List<String>) m.getOrDefault("exclude_tools", List.of())), TokenCounter.APPROXIMATE);
  }

  @SuppressWarnings("unchecked")
  static AgentMiddleware humanInTheLoop(Map<String, Object> m) {
    HumanInTheLoop h = new HumanInTheLoop();
    if (m.get("description_prefix") instanceof String p) {
      h.descriptionPrefix(p);
    }
    if (m.containsKey("edit_notice")) {
      h.editNotice((String) m.get("edit_notice"));
    }
    ((Map<String, Object>) m.get("interrupt_on")).forEach((tool, config) -> {
      if (Boolean.TRUE.equals(config)) {
        h.interruptOn(tool);
      } else if (config instanceof Map<?, ?> c) {
        h.interruptOn(tool, (List<String>) c.get("allowed_decisions"));
        if (c.get("when") instanceof Map<?, ?> when) {
          Map<String, Object> equal = (Map<String, Object>) when.get("args_equal");
          h.when(tool, r -> equal.entrySet().stream()
              .allMatch(e -> java.util.Objects.equals(r.call().args().get(e.getKey()), e.getValue())));
        }
        if (c.get("description") instanceof String d) {
          h.description(tool, d);
        }
      }
    });
    return h;
  }

  @SuppressWarnings("unchecked")
  static AgentMiddleware toolSelector(Map<String, Object> m, Map<String, ChatModel> models) {
    ChatModel model = m.get("model") instanceof String name ? models.get(name) : null;
    LlmToolSelector s = new LlmToolSelector(model, m.get("max_tools") instanceof Number n ? n.intValue() : 0,
        new java.util.LinkedHashSet<>((List<String>) m.getOrDefault("always_include", List.of())));
    return m.get("system_prompt") instanceof String p ? s.withSystemPrompt(p) : s;
  }
}
