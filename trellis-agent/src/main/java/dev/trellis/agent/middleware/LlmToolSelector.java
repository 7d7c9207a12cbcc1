package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.structured.StructuredOutput;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lets a (cheaper) model, or the agent's own, choose which tools the main model is offered on
 * each call (LangChain's {@code LLMToolSelectorMiddleware}): it sees the tool names and
 * descriptions and the last user message and answers {@code {"tools": [names]}}; the call
 * offers those (at most {@code maxTools}, unknown names ignored) plus {@code alwaysInclude}.
 */
public final class LlmToolSelector implements AgentMiddleware {
  static final String PROMPT = "Your goal is to select the most relevant tools for answering the user's query.";

  private final ChatModel selector;
  private final int maxTools;
  private final Set<String> alwaysInclude;

  /** {@code selector} null asks the agent's own model. */
  public LlmToolSelector(ChatModel selector, int maxTools, Set<String> alwaysInclude) {
    this.selector = selector;
    this.maxTools = maxTools;
    this.alwaysInclude = Set.copyOf(alwaysInclude);
  }

  @Override
  public String name() {
    return "LLMToolSelectorMiddleware";
  }

  @Override
  @SuppressWarnings("unchecked")
  public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
    List<ToolSpec> choosable = request.tools().stream().filter(t -> !alwaysInclude.contains(t.name())).toList();
    if (choosable.isEmpty()) {
      return next.call(request);
    }
    List<String> names = choosable.stream().map(ToolSpec::name).toList();
    Map<String, Object> schema = Map.of("type", "object", "title", "ToolSelection",
        "properties", Map.of("tools", Map.of("type", "array", "items", Map.of("type", "string", "enum", names),
            "description", "Tools to use. Place the most relevant tools first.")),
        "required", List.of("tools"));
    StringBuilder prompt = new StringBuilder(PROMPT);
    if (maxTools > 0) {
      prompt.append(" IMPORTANT: List the tool names in order of relevance, with the most relevant first. "
          + "If you exceed the maximum number of tools, only the first ").append(maxTools).append(" will be used.");
    }
    prompt.append("\n\nAvailable tools:\n");
    choosable.forEach(t -> prompt.append("- ").append(t.name()).append(": ").append(t.description()).append('\n'));
    Message lastUser = null;
    for (Message m : request.messages()) {
      if (m instanceof Message.Human) {
        lastUser = m;
      }
    }
    List<Message> ask = lastUser == null ? List.of() : List.of(lastUser);
    ChatModel chooser = selector != null ? selector : request.model();
    Map<String, Object> answer = StructuredOutput.of(prompt.toString(), schema).call(chooser, ask, 1);
    Set<String> chosen = new LinkedHashSet<>();
    for (Object n : (List<Object>) answer.get("tools")) {
      if (names.contains(String.valueOf(n)) && (maxTools <= 0 || chosen.size() < maxTools)) {
        chosen.add(String.valueOf(n));
      }
    }
    List<ToolSpec> offered = new ArrayList<>();
    for (ToolSpec t : request.tools()) {
      if (chosen.contains(t.name()) || alwaysInclude.contains(t.name())) {
        offered.add(t);
      }
    }
    return next.call(request.withTools(offered));
  }
}
