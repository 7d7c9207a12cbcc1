package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.message.PythonRepr;
import dev.trellis.agent.tool.ToolCallRequest;
import dev.trellis.agent.tool.ToolContext;
import dev.trellis.agent.tool.ToolInterceptor;
import dev.trellis.agent.tool.ToolNode;
import dev.trellis.graph.Key;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Pauses before chosen tools run for a human to approve, edit, reject or answer each call
 * (LangChain's {@code HumanInTheLoopMiddleware}), in the protocol agent UIs speak. The interrupt
 * value is {@code {"action_requests": [{"name", "args", "description"}], "review_configs":
 * [{"action_name", "allowed_decisions", "args_schema"?}]}}, one entry per call under review; the
 * run is resumed with {@code {"decisions": [...]}}, one per entry, in order:
 * {@code {"type": "approve"}}; {@code {"type": "edit", "edited_action": {"name", "args"}}} (the
 * AI message keeps the model's call, the reviewer's call runs instead and its result starts
 * with a note saying so); {@code {"type": "reject", "message"?}} (the call is answered with an
 * error message the model sees); {@code {"type": "respond", "message"}} (the call is answered
 * with the reviewer's text instead of running). A {@link #when} predicate limits review to the
 * calls it accepts; calls of other tools run without review. Configure it before compiling the
 * agent (the setters are not thread-safe; the agent keeps this instance).
 */
public final class HumanInTheLoop implements AgentMiddleware {
  /** All decision types. */
  public static final List<String> ALL_DECISIONS = List.of("approve", "edit", "reject", "respond");

  /** Edits awaiting their tool call: call id → the reviewer's {@code {name, args}}. */
  @SuppressWarnings("unchecked")
  public static final Key<Map<String, Object>> EDITED_CALLS =
      Key.of("hitl_edited_tool_calls", (Class<Map<String, Object>>) (Class<?>) Map.class);

  /** The note starting the result of a call a reviewer edited (the call that ran follows it). */
  public static final String EDIT_NOTICE = "A reviewer changed this tool call before it ran; the call in your"
      + " message is your original, not the one that ran. The change was deliberate: do not repeat your original"
      + " call.";

  private final Map<String, List<String>> allowed = new LinkedHashMap<>();
  private final Map<String, java.util.function.Function<Message.ToolCall, String>> descriptions = new LinkedHashMap<>();
  private final Map<String, Map<String, Object>> argsSchemas = new LinkedHashMap<>();
  private final Map<String, Predicate<ToolCallRequest>> when = new LinkedHashMap<>();
  private String descriptionPrefix = "Tool execution requires approval";
  private String editNotice = EDIT_NOTICE;

  /** The JSON schema a reviewer's edited arguments for {@code tool} must follow, sent as the review config's {@code args_schema}. */
  public HumanInTheLoop argsSchema(String tool, Map<String, Object> schema) {
    argsSchemas.put(Objects.requireNonNull(tool, "tool"), Map.copyOf(Objects.requireNonNull(schema, "schema")));
    return this;
  }

  /** Reviews calls of {@code tool}, allowing every decision. */
  public HumanInTheLoop interruptOn(String tool) {
    return interruptOn(tool, ALL_DECISIONS);
  }

  /** Reviews calls of {@code tool}, allowing only {@code decisions} (some of approve, edit, reject, respond). */
  public HumanInTheLoop interruptOn(String tool, List<String> decisions) {
    if (decisions.isEmpty()) {
      throw new IllegalArgumentException("tool " + tool + " needs at least one allowed decision");
    }
    for (String d : decisions) {
      if (!ALL_DECISIONS.contains(d)) {
        throw new IllegalArgumentException("unknown decision \"" + d + "\" for tool " + tool
            + ": decisions are approve, edit, reject and respond");
      }
    }
    allowed.put(Objects.requireNonNull(tool, "tool"), List.copyOf(decisions));
    return this;
  }

  /**
   * Reviews only the calls of {@code tool} that {@code predicate} accepts (LangChain's
   * {@code InterruptOnConfig.when}); the others run without review. The request carries the
   * call and the agent state; its tool is null.
   */
  public HumanInTheLoop when(String tool, Predicate<ToolCallRequest> predicate) {
    when.put(Objects.requireNonNull(tool, "tool"), Objects.requireNonNull(predicate, "predicate"));
    return this;
  }

  /** The description shown to the reviewer for calls of {@code tool} (default: the prefix, the tool and its args). */
  public HumanInTheLoop description(String tool, String description) {
    Objects.requireNonNull(description, "description");
    descriptions.put(tool, call -> description);
    return this;
  }

  /** The description shown to the reviewer, computed from each call (LangChain's callable description). */
  public HumanInTheLoop description(String tool, java.util.function.Function<Message.ToolCall, String> description) {
    descriptions.put(tool, Objects.requireNonNull(description, "description"));
    return this;
  }

  public HumanInTheLoop descriptionPrefix(String prefix) {
    this.descriptionPrefix = Objects.requireNonNull(prefix, "prefix");
    return this;
  }

  /** The note starting an edited call's result ({@link #EDIT_NOTICE} by default; null for none). */
  public HumanInTheLoop editNotice(String notice) {
    this.editNotice = notice;
    return this;
  }

  @Override
  public String name() {
    return "HumanInTheLoopMiddleware";
  }

  @Override
  public List<Key<?>> stateKeys() {
    return List.of(EDITED_CALLS);
  }

  @Override
  @SuppressWarnings("unchecked")
  public Update afterModel(State state, Runtime rt) {
    List<Message> messages = (List<Message>) state.get(Messages.KEY.name());
    Message.Ai ai = ToolNode.lastAi(messages);
    if (ai == null || ai.toolCalls().isEmpty()) {
      return null;
    }
    List<Map<String, Object>> actions = new ArrayList<>();
    List<Map<String, Object>> reviews = new ArrayList<>();
    Set<String> reviewed = new HashSet<>();
    for (Message.ToolCall c : ai.toolCalls()) {
      if (!allowed.containsKey(c.name()) || !shouldReview(c, state, rt)) {
        continue;
      }
      reviewed.add(c.id());
      Map<String, Object> action = new LinkedHashMap<>();
      action.put("name", c.name());
      action.put("args", c.args());
      var described = descriptions.get(c.name());
      action.put("description", described != null ? described.apply(c)
          : descriptionPrefix + "\n\nTool: " + c.name() + "\nArgs: " + PythonRepr.of(c.args()));
      actions.add(action);
      Map<String, Object> review = new LinkedHashMap<>();
      review.put("action_name", c.name());
      review.put("allowed_decisions", allowed.get(c.name()));
      if (argsSchemas.containsKey(c.name())) {
        review.put("args_schema", argsSchemas.get(c.name()));
      }
      reviews.add(review);
    }
    if (actions.isEmpty()) {
      Object pending = state.get(EDITED_CALLS.name());
      return pending instanceof Map<?, ?> m && !m.isEmpty() ? Update.of(EDITED_CALLS, Map.of()) : null;
    }
    Object answer = rt.interrupt(Map.of("action_requests", actions, "review_configs", reviews));
    List<Map<String, Object>> decisions = decisions(answer);
    if (decisions.size() != actions.size()) {
      throw new IllegalArgumentException("Number of human decisions (" + decisions.size()
          + ") does not match number of hanging tool calls (" + actions.size() + ").");
    }
    List<Message> answers = new ArrayList<>();
    Map<String, Object> edits = new LinkedHashMap<>();
    int next = 0;
    for (Message.ToolCall c : ai.toolCalls()) {
      if (!reviewed.contains(c.id())) {
        continue;
      }
      Map<String, Object> d = decisions.get(next++);
      String type = String.valueOf(d.get("type"));
      if (!allowed.get(c.name()).contains(type)) {
        throw new IllegalArgumentException("Unexpected human decision: " + d + ". Decision type '" + type
            + "' is not allowed for tool '" + c.name() + "'. Expected one of " + allowed.get(c.name())
            + " based on the tool's configuration.");
      }
      switch (type) {
        case "approve" -> { }
        case "edit" -> edits.put(c.id(), edited(d));
        case "respond" -> answers.add(new Message.Tool(null, String.valueOf(d.get("message")), c.id(), c.name(), false));
        default -> {
          Object reason = d.get("message");
          answers.add(new Message.Tool(null, reason != null && !String.valueOf(reason).isEmpty()
              ? "User rejected the tool call for `" + c.name() + "` with reason: " + reason
              : "User rejected the tool call for `" + c.name() + "` with id " + c.id()
                  + ". The tool was not executed. Do not retry this tool call unless the user explicitly requests it.",
              c.id(), c.name(), true));
        }
      }
    }
    List<Message> update = new ArrayList<>();
    update.add(ai);
    update.addAll(answers);
    return Update.of(Messages.KEY, update).and(EDITED_CALLS, edits);
  }

  private boolean shouldReview(Message.ToolCall call, State state, Runtime rt) {
    Predicate<ToolCallRequest> p = when.get(call.name());
    return p == null || p.test(new ToolCallRequest(call, null, new ToolContext(state, rt, call)));
  }

  /** Runs the reviewer's call instead of an edited one, and notes the edit in its result. */
  @Override
  @SuppressWarnings("unchecked")
  public Object wrapToolCall(ToolCallRequest request, ToolInterceptor.Handler next) throws Exception {
    Object pending = request.state() == null ? null : request.state().get(EDITED_CALLS.name());
    if (!(pending instanceof Map<?, ?> edits) || !(edits.get(request.call().id()) instanceof Map<?, ?> action)) {
      return next.call(request);
    }
    Message.ToolCall original = request.call();
    Message.ToolCall ran = new Message.ToolCall(original.id(), String.valueOf(action.get("name")),
        (Map<String, Object>) action.get("args"));
    Object result = next.call(request.override(ran));
    if (editNotice == null) {
      return result;
    }
    Message.Tool answer = result instanceof Message.Tool t ? t
        : result instanceof dev.trellis.graph.Command ? null
        : new Message.Tool(null, String.valueOf(result), ran.id(), ran.name(), false);
    if (answer == null) {
      return result;
    }
    String notice = editNotice + " Executed instead: " + ran.name() + " with arguments " + PythonRepr.json(ran.args()) + ".";
    String text = answer.text().isEmpty() ? notice : notice + "\n\nTool response:\n" + answer.text();
    return new Message.Tool(answer.id(), text, answer.toolCallId(), answer.name(), answer.error());
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> decisions(Object answer) {
    if (answer instanceof Map<?, ?> m && m.get("decisions") instanceof List<?> list) {
      for (Object d : list) {
        if (!(d instanceof Map<?, ?> dm) || !(dm.get("type") instanceof String)) {
          throw new IllegalArgumentException("each decision must be an object with a \"type\" (approve, edit, reject or respond), got " + d);
        }
      }
      return (List<Map<String, Object>>) list;
    }
    throw new IllegalArgumentException("resume a human-in-the-loop review with {\"decisions\": [...]}, got " + answer);
  }

  private static Map<String, Object> edited(Map<String, Object> d) {
    if (!(d.get("edited_action") instanceof Map<?, ?> action) || !(action.get("args") instanceof Map<?, ?> args)
        || !(action.get("name") instanceof String name)) {
      throw new IllegalArgumentException("an edit decision needs \"edited_action\": {\"name\", \"args\"}, got " + d);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", name);
    out.put("args", args);
    return out;
  }
}
