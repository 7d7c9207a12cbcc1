package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.runtime.Runtime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Pauses before chosen tools run for a human to approve, edit or reject each call (LangChain's
 * {@code HumanInTheLoopMiddleware}), in the protocol agent UIs speak. The interrupt value is
 * {@code {"action_requests": [{"name", "args", "description"}], "review_configs":
 * [{"action_name", "allowed_decisions", "args_schema"?}]}}, one entry per call under review
 * ({@code args_schema}, a JSON schema for edited arguments, only where one was given); the run is
 * resumed with {@code {"decisions": [{"type": "approve"}, {"type": "edit", "edited_action":
 * {"name", "args"}}, {"type": "reject", "message": "..."}]}}, one per entry, in order. Edited
 * calls run instead of the model's; a rejected call is answered with a tool message carrying
 * the reviewer's message, which the model sees. Calls of other tools run without review.
 * Configure it before compiling the agent (the setters are not thread-safe; the agent keeps
 * this instance).
 */
public final class HumanInTheLoop implements AgentMiddleware {
  /** All decision types. */
  public static final List<String> ALL_DECISIONS = List.of("approve", "edit", "reject");

  private final Map<String, List<String>> allowed = new LinkedHashMap<>();
  private final Map<String, java.util.function.Function<Message.ToolCall, String>> descriptions = new LinkedHashMap<>();
  private final Map<String, Map<String, Object>> argsSchemas = new LinkedHashMap<>();
  private String descriptionPrefix = "Tool execution requires approval";

  /** The JSON schema a reviewer's edited arguments for {@code tool} must follow, sent as the review config's {@code args_schema}. */
  public HumanInTheLoop argsSchema(String tool, Map<String, Object> schema) {
    argsSchemas.put(Objects.requireNonNull(tool, "tool"), Map.copyOf(Objects.requireNonNull(schema, "schema")));
    return this;
  }

  /** Reviews calls of {@code tool}, allowing every decision. */
  public HumanInTheLoop interruptOn(String tool) {
    return interruptOn(tool, ALL_DECISIONS);
  }

  /** Reviews calls of {@code tool}, allowing only {@code decisions} (some of approve, edit, reject). */
  public HumanInTheLoop interruptOn(String tool, List<String> decisions) {
    for (String d : decisions) {
      if (!ALL_DECISIONS.contains(d)) {
        throw new IllegalArgumentException("unknown decision \"" + d + "\" for tool " + tool
            + ": decisions are approve, edit and reject");
      }
    }
    allowed.put(Objects.requireNonNull(tool, "tool"), List.copyOf(decisions));
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

  @Override
  public String name() {
    return "HumanInTheLoopMiddleware";
  }

  @Override
  @SuppressWarnings("unchecked")
  public Update afterModel(State state, Runtime rt) {
    Message.Ai ai = Messages.pendingToolCalls(state);
    if (ai == null) {
      return null;
    }
    List<Map<String, Object>> actions = new ArrayList<>();
    List<Map<String, Object>> reviews = new ArrayList<>();
    for (Message.ToolCall c : ai.toolCalls()) {
      if (allowed.containsKey(c.name())) {
        Map<String, Object> action = new LinkedHashMap<>();
        action.put("name", c.name());
        action.put("args", c.args());
        var described = descriptions.get(c.name());
        action.put("description", described != null ? described.apply(c)
            : descriptionPrefix + "\n\nTool: " + c.name() + "\nArgs: " + c.args());
        actions.add(action);
        Map<String, Object> review = new LinkedHashMap<>();
        review.put("action_name", c.name());
        review.put("allowed_decisions", allowed.get(c.name()));
        if (argsSchemas.containsKey(c.name())) {
          review.put("args_schema", argsSchemas.get(c.name()));
        }
        reviews.add(review);
      }
    }
    if (actions.isEmpty()) {
      return null;
    }
    Object answer = rt.interrupt(Map.of("action_requests", actions, "review_configs", reviews));
    List<Map<String, Object>> decisions = decisions(answer);
    if (decisions.size() != actions.size()) {
      throw new IllegalArgumentException("Number of human decisions (" + decisions.size()
          + ") does not match number of hanging tool calls (" + actions.size() + ")");
    }
    List<Message.ToolCall> revised = new ArrayList<>();
    List<Message> rejections = new ArrayList<>();
    int next = 0;
    for (Message.ToolCall c : ai.toolCalls()) {
      if (!allowed.containsKey(c.name())) {
        revised.add(c);
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
        case "approve" -> revised.add(c);
        case "edit" -> revised.add(edited(c, d));
        default -> {
          revised.add(c);
          Object text = d.get("message");
          rejections.add(new Message.Tool(null, text != null ? String.valueOf(text)
              : "User rejected the tool call for `" + c.name() + "` with id " + c.id(), c.id(), c.name(), true));
        }
      }
    }
    List<Message> update = new ArrayList<>();
    update.add(new Message.Ai(ai.id(), ai.text(), revised, ai.usage()));
    update.addAll(rejections);
    return Update.of(Messages.KEY, update);
  }

  @SuppressWarnings("unchecked")
  private static List<Map<String, Object>> decisions(Object answer) {
    if (answer instanceof Map<?, ?> m && m.get("decisions") instanceof List<?> list) {
      for (Object d : list) {
        if (!(d instanceof Map<?, ?> dm) || !(dm.get("type") instanceof String)) {
          throw new IllegalArgumentException("each decision must be an object with a \"type\" (approve, edit or reject), got " + d);
        }
      }
      return (List<Map<String, Object>>) list;
    }
    throw new IllegalArgumentException("resume a human-in-the-loop review with {\"decisions\": [...]}, got " + answer);
  }

  @SuppressWarnings("unchecked")
  private static Message.ToolCall edited(Message.ToolCall c, Map<String, Object> d) {
    if (!(d.get("edited_action") instanceof Map<?, ?> action) || !(action.get("args") instanceof Map<?, ?> args)) {
      throw new IllegalArgumentException("an edit decision needs \"edited_action\": {\"name\", \"args\"}, got " + d);
    }
    Object name = action.get("name");
    return new Message.ToolCall(c.id(), name != null ? String.valueOf(name) : c.name(), (Map<String, Object>) args);
  }
}
