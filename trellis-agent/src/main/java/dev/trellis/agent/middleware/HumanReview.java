package dev.trellis.agent.middleware;

import dev.trellis.agent.message.Message;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The human-in-the-loop review protocol agent UIs speak (LangChain's {@code HITLRequest} and
 * {@code HITLResponse}), as types: a {@link Request} asks a human about tool calls, a
 * {@link Decision} per call answers it — the shapes {@link HumanInTheLoop} interrupts with and
 * is resumed with, for an application that keeps its own approval records and shows and
 * accepts the same.
 */
public final class HumanReview {
  private HumanReview() {}

  /** The decision types. */
  public static final String APPROVE = "approve";
  public static final String EDIT = "edit";
  public static final String REJECT = "reject";
  public static final String RESPOND = "respond";

  /** One tool call put to a human: the tool's name, the exact arguments, what the human is told. */
  public record ActionRequest(String name, Map<String, Object> args, String description) {
    public ActionRequest {
      args = args == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(args));
    }

    /** The call {@code c}, described. */
    public static ActionRequest of(Message.ToolCall c, String description) {
      return new ActionRequest(c.name(), c.args(), description);
    }

    Map<String, Object> wire() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("name", name);
      m.put("args", args);
      m.put("description", description);
      return m;
    }
  }

  /** What a human may answer about one action: the allowed decision types, and the JSON schema of edited arguments (or null). */
  public record ReviewConfig(String actionName, List<String> allowedDecisions, Map<String, Object> argsSchema) {
    public ReviewConfig {
      allowedDecisions = List.copyOf(allowedDecisions);
    }

    Map<String, Object> wire() {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("action_name", actionName);
      m.put("allowed_decisions", allowedDecisions);
      if (argsSchema != null) {
        m.put("args_schema", argsSchema);
      }
      return m;
    }
  }

  /** A review request: the actions, and one review config per action. */
  public record Request(List<ActionRequest> actionRequests, List<ReviewConfig> reviewConfigs) {
    public Request {
      actionRequests = List.copyOf(actionRequests);
      reviewConfigs = List.copyOf(reviewConfigs);
    }

    /** {@code {"action_requests": [{name, args, description}], "review_configs": [{action_name, allowed_decisions, args_schema?}]}}. */
    public Map<String, Object> wire() {
      return Map.of("action_requests", actionRequests.stream().map(ActionRequest::wire).toList(),
          "review_configs", reviewConfigs.stream().map(ReviewConfig::wire).toList());
    }
  }

  /**
   * A human's answer about one action: {@code approve}; {@code edit} with the call to run instead
   * ({@code editedName}, {@code editedArgs}); {@code reject} with a message for the model (or
   * null); {@code respond} with the text that answers the call instead of running it.
   */
  public record Decision(String type, String editedName, Map<String, Object> editedArgs, String message) {
    /**
     * The decisions of a resume value {@code {"decisions": [{"type": ...}, ...]}}.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    @SuppressWarnings("unchecked")
    public static List<Decision> parse(Object answer) {
      if (!(answer instanceof Map<?, ?> m) || !(m.get("decisions") instanceof List<?> list)) {
        throw new IllegalArgumentException("resume a human-in-the-loop review with {\"decisions\": [...]}, got " + answer);
      }
      List<Decision> out = new ArrayList<>();
      for (Object d : list) {
        if (!(d instanceof Map<?, ?> dm) || !(dm.get("type") instanceof String type)) {
          throw new IllegalArgumentException("each decision must be an object with a \"type\" (approve, edit, reject or respond), got " + d);
        }
        String name = null;
        Map<String, Object> args = null;
        if (type.equals(EDIT)) {
          if (!(dm.get("edited_action") instanceof Map<?, ?> action) || !(action.get("args") instanceof Map<?, ?> a)
              || !(action.get("name") instanceof String n)) {
            throw new IllegalArgumentException("an edit decision needs \"edited_action\": {\"name\", \"args\"}, got " + d);
          }
          name = n;
          args = (Map<String, Object>) a;
        }
        out.add(new Decision(type, name, args, dm.get("message") == null ? null : String.valueOf(dm.get("message"))));
      }
      return out;
    }

    /** The call to run for {@code c} after an edit (its id kept). */
    public Message.ToolCall edited(Message.ToolCall c) {
      return new Message.ToolCall(c.id(), editedName, editedArgs);
    }
  }
}
