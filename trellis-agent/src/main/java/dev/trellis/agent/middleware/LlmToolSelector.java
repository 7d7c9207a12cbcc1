package dev.trellis.agent.middleware;

import dev.trellis.agent.observe.Observed;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ToolSpec;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Lets a (cheaper) model, or the agent's own, choose which tools the main model is offered on
 * each call (LangChain's {@code LLMToolSelectorMiddleware}): it sees the system prompt and the
 * last user message and answers by calling the {@code ToolSelectionResponse} tool with
 * {@code {"tools": [names]}} (each choosable tool's name and description are in that tool's
 * schema). The call offers the chosen tools (at most {@code maxTools}, in the agent's order) and
 * then {@code alwaysInclude}. A malformed answer is asked for once more; a name that is not a
 * choosable tool, or a second malformed answer, fails the call.
 */
public final class LlmToolSelector implements AgentMiddleware {
  static final String PROMPT = "Your goal is to select the most relevant tools for answering the user's query.";
  static final String TOOL = "ToolSelectionResponse";

  private final ChatModel selector;
  private final int maxTools;
  private final List<String> alwaysInclude;
  private final String systemPrompt;

  /** {@code selector} null asks the agent's own model; {@code maxTools} 0 means no limit. */
  public LlmToolSelector(ChatModel selector, int maxTools, Set<String> alwaysInclude) {
    this(selector, maxTools, List.copyOf(alwaysInclude), PROMPT);
  }

  private LlmToolSelector(ChatModel selector, int maxTools, List<String> alwaysInclude, String systemPrompt) {
    this.selector = selector;
    this.maxTools = maxTools;
    this.alwaysInclude = List.copyOf(alwaysInclude);
    this.systemPrompt = java.util.Objects.requireNonNull(systemPrompt, "systemPrompt");
  }

  /** The same selector with other instructions for the selection model. */
  public LlmToolSelector withSystemPrompt(String prompt) {
    return new LlmToolSelector(selector, maxTools, alwaysInclude, prompt);
  }

  @Override
  public String name() {
    return "LLMToolSelectorMiddleware";
  }

  @Override
  public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
    if (request.tools().isEmpty()) {
      return next.call(request);
    }
    Set<String> known = new LinkedHashSet<>(request.tools().stream().map(ToolSpec::name).toList());
    List<String> missing = alwaysInclude.stream().filter(n -> !known.contains(n)).toList();
    if (!missing.isEmpty()) {
      throw new IllegalArgumentException("Tools in always_include not found in request: " + missing
          + ". Available tools: " + known.stream().sorted().toList());
    }
    List<ToolSpec> choosable = request.tools().stream().filter(t -> !alwaysInclude.contains(t.name())).toList();
    if (choosable.isEmpty()) {
      return next.call(request);
    }
    String prompt = systemPrompt;
    if (maxTools > 0) {
      prompt += "\nIMPORTANT: List the tool names in order of relevance, with the most relevant first. "
          + "If you exceed the maximum number of tools, only the first " + maxTools + " will be used.";
    }
    Message lastUser = null;
    for (Message m : request.messages()) {
      if (m instanceof Message.Human) {
        lastUser = m;
      }
    }
    if (lastUser == null) {
      throw new IllegalStateException("No user message found in request messages");
    }
    ChatModel chooser = selector != null ? selector : request.model();
    ChatRequest ask = new ChatRequest(List.of(Message.system(prompt), lastUser), List.of(selectionTool(choosable)));
    List<?> chosen = selection(Observed.chat(chooser, ask));
    if (chosen == null) {
      chosen = selection(Observed.chat(chooser, ask));
    }
    if (chosen == null) {
      throw new IllegalStateException("LLMToolSelectorMiddleware: selection model returned a malformed response"
          + " after 1 retries (expected a dict with a 'tools' list)");
    }
    List<String> names = choosable.stream().map(ToolSpec::name).toList();
    List<String> picked = new ArrayList<>();
    List<Object> invalid = new ArrayList<>();
    for (Object n : chosen) {
      if (!names.contains(String.valueOf(n))) {
        invalid.add(n);
      } else if (!picked.contains(String.valueOf(n)) && (maxTools <= 0 || picked.size() < maxTools)) {
        picked.add(String.valueOf(n));
      }
    }
    if (!invalid.isEmpty()) {
      throw new IllegalArgumentException("Model selected invalid tools: " + invalid);
    }
    List<ToolSpec> offered = new ArrayList<>();
    choosable.stream().filter(t -> picked.contains(t.name())).forEach(offered::add);
    request.tools().stream().filter(t -> alwaysInclude.contains(t.name())).forEach(offered::add);
    return next.call(request.withTools(offered));
  }

  /** The tool the selection model answers with: a list of choosable tool names, each described. */
  private static ToolSpec selectionTool(List<ToolSpec> choosable) {
    List<Object> options = new ArrayList<>();
    for (ToolSpec t : choosable) {
      options.add(Map.of("const", t.name(), "description", t.description(), "type", "string"));
    }
    Map<String, Object> tools = Map.of("type", "array", "items", Map.of("anyOf", options),
        "description", "Tools to use. Place the most relevant tools first.");
    return new ToolSpec(TOOL, "Use to select relevant tools.", Map.of("type", "object",
        "properties", Map.of("tools", tools), "required", List.of("tools")));
  }

  /** The tool names of an answer calling {@link #TOOL}, or null when it is malformed. */
  private static List<?> selection(Message.Ai answer) {
    for (Message.ToolCall c : answer.toolCalls()) {
      if (c.name().equals(TOOL)) {
        return c.args().get("tools") instanceof List<?> l ? l : null;
      }
    }
    return null;
  }
}
