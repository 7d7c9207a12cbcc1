package dev.trellis.agent;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.MessageWire;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.middleware.AgentMiddleware;
import dev.trellis.agent.middleware.ModelHandler;
import dev.trellis.agent.middleware.ModelRequest;
import dev.trellis.agent.middleware.ModelResponse;
import dev.trellis.agent.tool.ToolCallRequest;
import dev.trellis.agent.tool.ToolInterceptor;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The scenario format's {@code Hooks} middleware (AGENT-FORMAT.md): hook actions read from
 * JSON. Trellis registers the hooks a middleware class overrides, so each combination of hooks
 * a scenario uses is one subclass here, overriding exactly those; {@link #of} picks it.
 */
abstract class ScenarioHooks implements AgentMiddleware {
  private final String name;
  private final Map<String, Object> spec;

  ScenarioHooks(String name, Map<String, Object> spec) {
    this.name = name;
    this.spec = spec;
  }

  @Override
  public String name() {
    return name;
  }

  private static final Map<Set<String>, Function<ScenarioHooks.Args, ScenarioHooks>> KINDS = Map.ofEntries(
      Map.entry(Set.of("before_agent"), a -> new BeforeAgent(a.name, a.spec)),
      Map.entry(Set.of("before_model"), a -> new BeforeModel(a.name, a.spec)),
      Map.entry(Set.of("after_model"), a -> new AfterModel(a.name, a.spec)),
      Map.entry(Set.of("after_agent"), a -> new AfterAgent(a.name, a.spec)),
      Map.entry(Set.of("wrap_model_call"), a -> new WrapModel(a.name, a.spec)),
      Map.entry(Set.of("wrap_tool_call"), a -> new WrapTool(a.name, a.spec)),
      Map.entry(Set.of("before_model", "after_model"), a -> new AroundModel(a.name, a.spec)),
      Map.entry(Set.of("before_agent", "after_agent"), a -> new AroundAgent(a.name, a.spec)),
      Map.entry(Set.of("before_agent", "before_model", "after_model", "after_agent"), a -> new AllNodes(a.name, a.spec)),
      Map.entry(Set.of("wrap_model_call", "wrap_tool_call"), a -> new Wraps(a.name, a.spec)));

  private record Args(String name, Map<String, Object> spec) {}

  /** The middleware for {@code spec}; fails naming the hook combination when no subclass has it. */
  static ScenarioHooks of(Map<String, Object> spec) {
    Set<String> hooks = new TreeSet<>(spec.keySet());
    hooks.retainAll(Set.of("before_agent", "before_model", "after_model", "after_agent", "wrap_model_call",
        "wrap_tool_call"));
    var make = KINDS.get(hooks);
    if (make == null) {
      throw new UnsupportedOperationException("no ScenarioHooks subclass overrides exactly " + hooks + "; add one");
    }
    return make.apply(new Args(String.valueOf(spec.get("name")), spec));
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> action(String hook) {
    return (Map<String, Object>) spec.get(hook);
  }

  /** A node hook: when its {@code if} holds, adds its messages and jumps. */
  @SuppressWarnings("unchecked")
  Update node(String hook, State state) {
    Map<String, Object> a = action(hook);
    if (!holds((Map<String, Object>) a.get("if"), state)) {
      return null;
    }
    Update u = Update.empty();
    if (a.get("add_messages") instanceof List<?> list) {
      List<Message> messages = new ArrayList<>();
      list.forEach(m -> messages.add(MessageWire.from(m)));
      u = u.and(Messages.KEY, messages);
    }
    if (a.get("jump_to") instanceof String target) {
      u = u.and(AgentMiddleware.JUMP_TO, target);
    }
    return u.values().isEmpty() ? null : u;
  }

  @SuppressWarnings("unchecked")
  static boolean holds(Map<String, Object> cond, State state) {
    if (cond == null) {
      return true;
    }
    List<Message> messages = state.get(Messages.KEY.name()) instanceof List<?> l ? (List<Message>) l : List.of();
    for (var e : cond.entrySet()) {
      int n = e.getValue() instanceof Number num ? num.intValue() : 0;
      boolean ok = switch (e.getKey()) {
        case "messages_at_least" -> messages.size() >= n;
        case "messages_exactly" -> messages.size() == n;
        case "ai_messages_at_least" -> messages.stream().filter(m -> m instanceof Message.Ai).count() >= n;
        case "tool_messages_at_least" -> messages.stream().filter(m -> m instanceof Message.Tool).count() >= n;
        case "last_ai_calls_tools" -> {
          Message.Ai last = null;
          for (Message m : messages) {
            if (m instanceof Message.Ai ai) {
              last = ai;
            }
          }
          yield (last != null && !last.toolCalls().isEmpty()) == Boolean.TRUE.equals(e.getValue());
        }
        default -> throw new IllegalArgumentException("unknown condition " + e.getKey());
      };
      if (!ok) {
        return false;
      }
    }
    return true;
  }

  @SuppressWarnings("unchecked")
  ModelResponse model(ModelRequest request, ModelHandler next) throws Exception {
    Map<String, Object> a = action("wrap_model_call");
    if (a.get("replace") instanceof String text && holds((Map<String, Object>) a.get("if"), request.state())) {
      return ModelResponse.of(Message.ai(text));
    }
    if (a.get("system_suffix") instanceof String suffix) {
      request = request.withSystemPrompt((request.systemPrompt() == null ? "" : request.systemPrompt()) + suffix);
    }
    if (a.get("only_tools") instanceof List<?> only) {
      request = request.withTools(request.tools().stream().filter(t -> only.contains(t.name())).toList());
    }
    return next.call(request);
  }

  @SuppressWarnings("unchecked")
  Object tool(ToolCallRequest request, ToolInterceptor.Handler next) throws Exception {
    Map<String, Object> a = action("wrap_tool_call");
    Message.ToolCall call = request.call();
    if (a.get("answer") instanceof String text) {
      return new Message.Tool(null, text, call.id(), call.name(), false);
    }
    if (a.get("override_args") instanceof Map<?, ?> args) {
      request = request.override((Map<String, Object>) args);
    }
    Object result;
    try {
      result = next.call(request);
    } catch (AgentScenario.ToolError e) {
      if (!(a.get("catch") instanceof String text)) {
        throw e;
      }
      return new Message.Tool(null, text + e.getMessage(), call.id(), call.name(), true);
    }
    if (a.get("prefix") instanceof String prefix) {
      if (result instanceof Message.Tool t) {
        return new Message.Tool(t.id(), prefix + t.text(), t.toolCallId(), t.name(), t.error());
      }
      if (!(result instanceof dev.trellis.graph.Command)) {
        return new Message.Tool(null, prefix + result, call.id(), call.name(), false);
      }
    }
    return result;
  }

  static final class BeforeAgent extends ScenarioHooks {
    BeforeAgent(String n, Map<String, Object> s) {
      super(n, s);
    }

    @Override
    public Update beforeAgent(State state, dev.trellis.runtime.Runtime rt) {
      return node("before_agent", state);
    }
  }

  static final class BeforeModel extends ScenarioHooks {
    BeforeModel(String n, Map<String, Object> s) {
      super(n, s);
    }

    @Override
    public Update beforeModel(State state, dev.trellis.runtime.Runtime rt) {
      return node("before_model", state);
    }
  }

  static final class AfterModel extends ScenarioHooks {
    AfterModel(String n, Map<String, Object> s) {
      super(n, s);
    }

    @Override
    public Update afterModel(State state, dev.trellis.runtime.Runtime rt) {
      return node("after_model", state);
    }
  }

  static final class AfterAgent extends ScenarioHooks {
    AfterAgent(String n, Map<String, Object> s) {
      super(n, s);
    }

    @Override
    public Update afterAgent(State state, dev.trellis.runtime.Runtime rt) {
      return node("after_agent", state);
    }
  }

  static final class WrapModel extends ScenarioHooks {
    WrapModel(String n, Map<String, Object> s) {
      super(n, s);
    }

    @Override
    public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
      return model(request, next);
    }
  }

  static final class WrapTool extends ScenarioHooks {
    WrapTool(String n, Map<String, Object> s) {
      super(n, s);
    }

    @Override
    public Object wrapToolCall(ToolCallRequest request, ToolInterceptor.Handler next) throws Exception {
      return tool(request, next);
    }
  }

  static final class AroundModel extends ScenarioHooks {
    AroundModel(String n, Map<String, Object> s) {
      super(n, s);
    }

    @Override
    public Update beforeModel(State state, dev.trellis.runtime.Runtime rt) {
      return node("before_model", state);
    }

    @Override
    public Update afterModel(State state, dev.trellis.runtime.Runtime rt) {
      return node("after_model", state);
    }
  }

  static final class AroundAgent extends ScenarioHooks {
    AroundAgent(String n, Map<String, Object> s) {
      super(n, s);
    }

    @Override
    public Update beforeAgent(State state, dev.trellis.runtime.Runtime rt) {
      return node("before_agent", state);
    }

    @Override
    public Update afterAgent(State state, dev.trellis.runtime.Runtime rt) {
      return node("after_agent", state);
    }
  }

  static final class AllNodes extends ScenarioHooks {
    AllNodes(String n, Map<String, Object> s) {
      super(n, s);
    }

    @Override
    public Update beforeAgent(State state, dev.trellis.runtime.Runtime rt) {
      return node("before_agent", state);
    }

    @Override
    public Update beforeModel(State state, dev.trellis.runtime.Runtime rt) {
      return node("before_model", state);
    }

    @Override
    public Update afterModel(State state, dev.trellis.runtime.Runtime rt) {
      return node("after_model", state);
    }

    @Override
    public Update afterAgent(State state, dev.trellis.runtime.Runtime rt) {
      return node("after_agent", state);
    }
  }

  static final class Wraps extends ScenarioHooks {
    Wraps(String n, Map<String, Object> s) {
      super(n, s);
    }

    @Override
    public ModelResponse wrapModelCall(ModelRequest request, ModelHandler next) throws Exception {
      return model(request, next);
    }

    @Override
    public Object wrapToolCall(ToolCallRequest request, ToolInterceptor.Handler next) throws Exception {
      return tool(request, next);
    }
  }
}
