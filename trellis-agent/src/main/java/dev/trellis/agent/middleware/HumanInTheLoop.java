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
    List<HumanReview.ActionRequest> actions = new ArrayList<>();
    List<HumanReview.ReviewConfig> reviews = new ArrayList<>();
    for (Message.ToolCall c : ai.toolCalls()) {
      if (allowed.containsKey(c.name())) {
        var described = descriptions.get(c.name());
        actions.add(HumanReview.ActionRequest.of(c, described != null ? described.apply(c)
            : descriptionPrefix + "\n\nTool: " + c.name() + "\nArgs: " + c.args()));
        reviews.add(new HumanReview.ReviewConfig(c.name(), allowed.get(c.name()), argsSchemas.get(c.name())));
      }
    }
    if (actions.isEmpty()) {
      return null;
    }
    Object answer = rt.interrupt(new HumanReview.Request(actions, reviews).wire());
    List<HumanReview.Decision> decisions = HumanReview.Decision.parse(answer);
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
      HumanReview.Decision d = decisions.get(next++);
      String type = d.type();
      if (!allowed.get(c.name()).contains(type)) {
        throw new IllegalArgumentException("Unexpected human decision: " + d + ". Decision type '" + type
            + "' is not allowed for tool '" + c.name() + "'. Expected one of " + allowed.get(c.name())
            + " based on the tool's configuration.");
      }
      switch (type) {
        case HumanReview.APPROVE -> revised.add(c);
        case HumanReview.EDIT -> revised.add(d.edited(c));
        default -> {
          revised.add(c);
          rejections.add(new Message.Tool(null, d.message() != null ? d.message()
              : "User rejected the tool call for `" + c.name() + "` with id " + c.id(), c.id(), c.name(), true));
        }
      }
    }
    List<Message> update = new ArrayList<>();
    update.add(new Message.Ai(ai.id(), ai.text(), revised, ai.usage()));
    update.addAll(rejections);
    return Update.of(Messages.KEY, update);
  }
}
