package dev.trellis.agent;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.MessageWire;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.middleware.AgentMiddleware;
import dev.trellis.agent.middleware.ExitBehavior;
import dev.trellis.agent.middleware.LimitExceededException;
import dev.trellis.agent.middleware.ModelCallLimit;
import dev.trellis.agent.middleware.ModelFallback;
import dev.trellis.agent.middleware.ModelRetry;
import dev.trellis.agent.middleware.ToolCallLimit;
import dev.trellis.agent.middleware.ToolRetry;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.structured.StructuredOutputException;
import dev.trellis.agent.tool.Tool;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.error.GraphRecursionException;
import dev.trellis.graph.Command;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.policy.RetryPolicy;
import dev.trellis.policy.Sleeper;
import dev.trellis.runtime.Interrupt;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Runs one agent scenario (conformance/AGENT-FORMAT.md) on {@link Agent} and records its
 * results in the shape the Python oracle ({@code conformance/oracle/agent_oracle.py}) writes
 * to {@code expect}.
 */
final class AgentScenario {
  /** A scripted model failure ({@code {"error": ...}}). */
  static final class ModelError extends RuntimeException {
    ModelError(String m) {
      super(m);
    }
  }

  /** A scripted tool failure ({@code raises}, {@code fail_times}). */
  static final class ToolError extends RuntimeException {
    ToolError(String m) {
      super(m);
    }
  }

  /** A model called more often than its script has answers. */
  static final class ScriptExhausted extends RuntimeException {
    ScriptExhausted(String m) {
      super(m);
    }
  }

  private final Map<String, Object> spec;
  private final List<Map<String, Object>> requests = new ArrayList<>();
  private final Map<String, ChatModel> models = new LinkedHashMap<>();

  AgentScenario(Map<String, Object> spec) {
    this.spec = spec;
  }

  /** The scripted model {@code label}: answers in order, records each request. */
  private final class Scripted implements ChatModel {
    private final String label;
    private final List<Map<String, Object>> script;
    private final boolean nativeOutput;
    private int next;

    Scripted(String label, List<Map<String, Object>> script, boolean nativeOutput) {
      this.label = label;
      this.script = script;
      this.nativeOutput = nativeOutput;
    }

    @Override
    public String name() {
      return label;
    }

    @Override
    public boolean supportsStructuredOutput() {
      return nativeOutput;
    }

    @Override
    @SuppressWarnings("unchecked")
    public synchronized Message.Ai chat(ChatRequest request) {
      Map<String, Object> r = new LinkedHashMap<>();
      r.put("model", label);
      r.put("messages", request.messages().stream().map(AgentScenario::record).toList());
      r.put("tools", request.tools().stream().map(ToolSpec::name).toList());
      if (request.responseSchema() != null) {
        r.put("response_format", request.responseSchema().get("title"));
      }
      synchronized (requests) {
        requests.add(r);
      }
      if (next >= script.size()) {
        throw new ScriptExhausted("model " + label + " has only " + script.size() + " answers");
      }
      Map<String, Object> answer = script.get(next++);
      if (answer.containsKey("error")) {
        throw new ModelError(String.valueOf(answer.get("error")));
      }
      List<Message.ToolCall> calls = new ArrayList<>();
      for (Object o : (List<Object>) answer.getOrDefault("tool_calls", List.of())) {
        Map<String, Object> c = (Map<String, Object>) o;
        calls.add(new Message.ToolCall((String) c.get("id"), (String) c.get("name"),
            (Map<String, Object>) c.getOrDefault("args", Map.of())));
      }
      Message.Usage usage = null;
      if (answer.get("usage") instanceof Map<?, ?> u) {
        usage = new Message.Usage(((Number) u.get("input_tokens")).longValue(),
            ((Number) u.get("output_tokens")).longValue());
      }
      return new Message.Ai(null, (String) answer.getOrDefault("content", ""), calls, usage);
    }
  }

  static Map<String, Object> record(Message m) {
    Map<String, Object> wire = MessageWire.toMap(m);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("type", wire.get("type"));
    out.put("content", m.text());
    if (m instanceof Message.Ai ai) {
      List<Object> calls = new ArrayList<>();
      for (Message.ToolCall c : ai.toolCalls()) {
        Map<String, Object> call = new LinkedHashMap<>();
        call.put("name", c.name());
        call.put("args", c.args());
        call.put("id", c.id());
        calls.add(call);
      }
      out.put("tool_calls", calls);
      if (!ai.usage().equals(Message.Usage.NONE)) {
        out.put("usage", Map.of("input_tokens", ai.usage().inputTokens(), "output_tokens", ai.usage().outputTokens()));
      }
    }
    if (m instanceof Message.Tool t) {
      out.put("tool_call_id", t.toolCallId());
      out.put("name", t.name());
      out.put("status", t.error() ? "error" : "success");
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private Tool tool(Map<String, Object> t, Map<String, AtomicInteger> calls) {
    String name = (String) t.get("name");
    Map<String, Object> properties = new LinkedHashMap<>();
    Map<String, Object> args = (Map<String, Object>) t.getOrDefault("args", Map.of());
    args.forEach((k, v) -> properties.put(k, Map.of("type", v)));
    Map<String, Object> schema = Map.of("type", "object", "properties", properties, "required", List.copyOf(args.keySet()));
    return Tool.of(new ToolSpec(name, (String) t.getOrDefault("description", name), schema), (a, ctx) -> {
      int n = calls.computeIfAbsent(name, k -> new AtomicInteger()).incrementAndGet();
      if (t.containsKey("raises")) {
        throw new ToolError((String) t.get("raises"));
      }
      if (n <= ((Number) t.getOrDefault("fail_times", 0)).intValue()) {
        throw new ToolError(name + " failed (call " + n + ")");
      }
      String out = (String) t.getOrDefault("returns", "ok");
      for (var e : a.entrySet()) {
        out = out.replace("{" + e.getKey() + "}", String.valueOf(e.getValue()));
      }
      return out;
    });
  }

  private static Integer integer(Map<String, Object> m, String key) {
    return m.get(key) instanceof Number n ? n.intValue() : null;
  }

  private static ExitBehavior exit(Object v, ExitBehavior otherwise) {
    return v == null ? otherwise : ExitBehavior.valueOf(String.valueOf(v).toUpperCase(java.util.Locale.ROOT));
  }

  private static final RetryPolicy NO_WAIT = new RetryPolicy(Duration.ZERO, 2.0, Duration.ZERO, 1, false, e -> true);
  private static final Sleeper NO_SLEEP = d -> { };

  @SuppressWarnings("unchecked")
  private AgentMiddleware middleware(Map<String, Object> m) {
    String type = (String) m.get("type");
    return switch (type) {
      case "Hooks" -> ScenarioHooks.of(m);
      case "ModelCallLimit" -> new ModelCallLimit(orZero(integer(m, "thread_limit")), orZero(integer(m, "run_limit")),
          exit(m.get("exit_behavior"), ExitBehavior.END));
      case "ToolCallLimit" -> new ToolCallLimit((String) m.get("tool"), orZero(integer(m, "thread_limit")),
          orZero(integer(m, "run_limit")), exit(m.get("exit_behavior"), ExitBehavior.CONTINUE));
      case "ModelRetry" -> {
        int retries = m.containsKey("max_retries") ? integer(m, "max_retries") : 2;
        ModelRetry r = ModelRetry.of(retries).withPolicy(NO_WAIT.withMaxAttempts(retries + 1)).withSleeper(NO_SLEEP);
        yield m.containsKey("on_failure") ? r.onFailure(exit(m.get("on_failure"), null)) : r;
      }
      case "ToolRetry" -> {
        int retries = m.containsKey("max_retries") ? integer(m, "max_retries") : 2;
        ToolRetry r = ToolRetry.of(retries).withPolicy(NO_WAIT.withMaxAttempts(retries + 1)).withSleeper(NO_SLEEP);
        if (m.get("tools") instanceof List<?> names) {
          r = r.onlyFor(names.stream().map(String::valueOf).toArray(String[]::new));
        }
        yield m.containsKey("on_failure") ? r.onFailure(exit(m.get("on_failure"), null)) : r;
      }
      case "ModelFallback" -> {
        List<ChatModel> list = ((List<String>) m.get("models")).stream().map(models::get).toList();
        yield new ModelFallback(list.getFirst(), list.subList(1, list.size()).toArray(ChatModel[]::new));
      }
      case "Summarization" -> AgentScenarioMiddleware.summarization(m, models,
          (Map<String, Object>) spec.getOrDefault("profiles", Map.of()));
      case "ContextEditing" -> AgentScenarioMiddleware.contextEditing(m);
      case "HumanInTheLoop" -> AgentScenarioMiddleware.humanInTheLoop(m);
      case "LLMToolSelector" -> AgentScenarioMiddleware.toolSelector(m, models);
      case "PII" -> BuiltinScenarioMiddleware.pii(m);
      case "TodoList" -> BuiltinScenarioMiddleware.todoList(m);
      case "ToolError" -> BuiltinScenarioMiddleware.toolError(m);
      case "FilesystemFileSearch" -> BuiltinScenarioMiddleware.fileSearch(m);
      case "ShellTool" -> BuiltinScenarioMiddleware.shell();
      case "LLMToolEmulator" -> new dev.trellis.agent.middleware.LlmToolEmulator(models.get((String) m.get("model")),
          m.get("tools") instanceof List<?> names ? new HashSet<>(names.stream().map(String::valueOf).toList()) : null);
      default -> throw new UnsupportedOperationException("middleware type " + type);
    };
  }

  private static int orZero(Integer i) {
    return i == null ? 0 : i;
  }

  /** Runs every run of the scenario on one thread; one result per run. */
  @SuppressWarnings("unchecked")
  List<Map<String, Object>> run() {
    Map<String, Object> format = (Map<String, Object>) spec.get("response_format");
    boolean provider = format != null && "provider".equals(format.get("strategy"));
    models.put("model", new Scripted("model", (List<Map<String, Object>>) spec.getOrDefault("model", List.of()), provider));
    ((Map<String, Object>) spec.getOrDefault("models", Map.of())).forEach((name, script) ->
        models.put(name, new Scripted(name, (List<Map<String, Object>>) script, false)));
    Map<String, AtomicInteger> calls = new ConcurrentHashMap<>();
    Agent.Builder agent = Agent.builder(models.get("model"));
    for (Object t : (List<Object>) spec.getOrDefault("tools", List.of())) {
      agent.tools(tool((Map<String, Object>) t, calls));
    }
    if (spec.get("system_prompt") instanceof String p) {
      agent.systemPrompt(p);
    }
    for (Object m : (List<Object>) spec.getOrDefault("middleware", List.of())) {
      agent.middleware(middleware((Map<String, Object>) m));
    }
    if (format != null) {
      agent.responseFormat(null, (Map<String, Object>) format.get("schema"));
    }
    CompiledGraph graph = agent.compile(CompileOptions.checkpointer(new InMemorySaver()));
    List<Map<String, Object>> results = new ArrayList<>();
    for (Object r : (List<Object>) spec.get("runs")) {
      results.add(runOne((Map<String, Object>) r, graph, format != null));
    }
    return results;
  }

  private Map<String, Object> runOne(Map<String, Object> run, CompiledGraph graph, boolean structured) {
    RunConfig config = RunConfig.thread("t");
    if (run.get("recursion_limit") instanceof Number n) {
      config = config.withRecursionLimit(n.intValue());
    }
    Object input = run.containsKey("resume") ? Command.resume(run.get("resume")) : run.get("input");
    int before;
    synchronized (requests) {
      before = requests.size();
    }
    Map<String, Object> result = new LinkedHashMap<>();
    List<List<String>> steps = new ArrayList<>();
    List<String> step = new ArrayList<>();
    try (GraphStream stream = graph.stream(input, config, EnumSet.of(StreamMode.UPDATES, StreamMode.VALUES), false)) {
      for (StreamPart part : stream) {
        switch (part) {
          case StreamPart.Values v -> {
            if (!step.isEmpty()) {
              steps.add(step.stream().sorted().toList());
            }
            step = new ArrayList<>();
          }
          case StreamPart.Updates u -> step.add(u.node());
          case StreamPart.Interrupted i -> step.add("__interrupt__");
          default -> { }
        }
      }
    } catch (RuntimeException e) {
      result.put("error", error(e));
    }
    if (!step.isEmpty()) {
      steps.add(step.stream().sorted().toList());
    }
    StateSnapshot state = graph.getState(RunConfig.thread("t"));
    result.put("steps", steps);
    List<Message> messages = (List<Message>) state.values().getOrDefault(Messages.KEY.name(), List.of());
    result.put("messages", messages.stream().map(AgentScenario::record).toList());
    if (structured) {
      result.put("structured_response", state.values().get(Agent.STRUCTURED_RESPONSE.name()));
    }
    result.put("interrupts", state.interrupts().stream().map(Interrupt::value).toList());
    result.put("next", state.next().stream().sorted().toList());
    synchronized (requests) {
      result.put("requests", List.copyOf(requests.subList(before, requests.size())));
    }
    return result;
  }

  static Map<String, Object> error(Throwable e) {
    Set<Throwable> seen = new HashSet<>();
    for (Throwable t = e; t != null && seen.add(t); t = t.getCause()) {
      String kind = switch (t) {
        case GraphRecursionException x -> "GraphRecursion";
        case ModelError x -> "ModelError";
        case ToolError x -> "ToolError";
        case ScriptExhausted x -> "ScriptExhausted";
        case StructuredOutputException x -> "StructuredOutput";
        case LimitExceededException x -> "LimitExceeded";
        case dev.trellis.agent.middleware.pii.PiiDetectionException x -> "PII";
        default -> null;
      };
      if (kind != null) {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("kind", kind);
        if (kind.equals("ModelError") || kind.equals("ToolError")) {
          out.put("message", t.getMessage());
        }
        return out;
      }
    }
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return Map.of("kind", "Other:" + (root instanceof IllegalArgumentException ? "ValueError" : root.getClass().getSimpleName()));
  }
}
