package dev.trellis.apps.neura;

import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.observe.Observed;
import dev.trellis.langchain4j.LangChain4jChatModel;
import dev.trellis.pipeline.PipelineTool;
import dev.trellis.pipeline.SkipStore;
import dev.trellis.pipeline.ToolRegistry;
import dev.trellis.safety.SafetyClassifier;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;

/**
 * Per-turn dependencies passed in the run context ({@code RunConfig.withContext}), never in
 * state: the tool registry, the tools, the skip store (null: the graph's Store, so server
 * processes sharing a database share the skip state; no skipping when the graph has no
 * Store), the agent whose tool subset runs, the dataset the booking subgraph writes to, the
 * chat model for preflight, empathy and the navigator (null: their offline fallbacks), how
 * long skip state stays usable ({@code skipMaxAge}; null: no limit), and preflight's safety
 * classifier (the library's, with the model as its judge when one is configured: only a model
 * widens what the offline layers found), and the clock a day or time the patient asks for ("thursday at 3", "next monday")
 * is resolved against (the system clock in the system's zone unless a test or deployment gives another).
 */
public record NeuraDeps(ToolRegistry registry, Map<String, PipelineTool> tools, SkipStore skipStore, String agent, Dataset data,
                        ChatModel model, Duration skipMaxAge, SafetyClassifier safety, Clock clock) {
  /** The default age after which skip state is not reused: a day ({@code NEURA_SKIP_MAX_AGE}, ISO-8601, overrides it). */
  public static final Duration DEFAULT_SKIP_MAX_AGE = Duration.ofHours(24);

  public NeuraDeps {
    model = model == null ? null : Observed.model(model); // each call a GenAI span when trellis-otel is present
    tools = Map.copyOf(tools);
    registry.forAgent(agent); // fails naming the registry's agents when it has no such agent
    java.util.Objects.requireNonNull(safety, "safety");
    clock = clock == null ? Clock.systemDefaultZone() : clock;
  }

  /** The dependencies on the system clock. */
  public NeuraDeps(ToolRegistry registry, Map<String, PipelineTool> tools, SkipStore skipStore, String agent, Dataset data,
                   ChatModel model, Duration skipMaxAge, SafetyClassifier safety) {
    this(registry, tools, skipStore, agent, data, model, skipMaxAge, safety, null);
  }

  /**
   * The safety classifier for {@code model}: without a model, the library's standard one
   * (overrides, lexicons, the embedding head with its check-in band, policy), which catches what
   * no lexicon names ("I just feel like a burden"); with a model, the deterministic layers and the
   * model as judge, asked about every message (it reads what the head reads, and more).
   */
  static SafetyClassifier safetyFor(ChatModel model) {
    return model == null ? SafetyClassifier.standard() : SafetyClassifier.builder().withoutHead().judge(Observed.model(model)).build();
  }

  /**
   * The bundled registry and dataset (bookings in memory); skip state in the graph's Store; the model of
   * {@code TRELLIS_MODEL_BASE_URL}/{@code TRELLIS_MODEL_NAME} when both are set, else none.
   */
  public static NeuraDeps bundled() {
    return bundled(Dataset.bundled());
  }

  /** As {@link #bundled()}, the bookings in {@code db} (the server's database: durable, one calendar for every server on it). */
  public static NeuraDeps bundled(dev.trellis.checkpoint.jdbc.JdbcDatabase db) {
    return bundled(Dataset.bundled(db));
  }

  private static NeuraDeps bundled(Dataset data) {
    ChatModel model = System.getenv("TRELLIS_MODEL_BASE_URL") != null && System.getenv("TRELLIS_MODEL_NAME") != null
        ? LangChain4jChatModel.openAiFromEnv() : null;
    String age = System.getenv("NEURA_SKIP_MAX_AGE");
    return new NeuraDeps(bundledRegistry(), AssemblyTools.over(data), null, "neura", data, model,
        age == null ? DEFAULT_SKIP_MAX_AGE : Duration.parse(age), safetyFor(model), null);
  }

  /** The bundled tool registry ({@code tools.yaml}). */
  public static ToolRegistry bundledRegistry() {
    try (var in = NeuraDeps.class.getResourceAsStream("tools.yaml")) {
      return ToolRegistry.fromYaml(new String(in.readAllBytes(), java.nio.charset.StandardCharsets.UTF_8));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** The same dependencies with {@code tool} replaced (for failure drills). */
  public NeuraDeps withTool(String name, PipelineTool tool) {
    Map<String, PipelineTool> t = new java.util.LinkedHashMap<>(tools);
    t.put(name, tool);
    return new NeuraDeps(registry, t, skipStore, agent, data, model, skipMaxAge, safety, clock);
  }

  public NeuraDeps withSkipStore(SkipStore s) {
    return new NeuraDeps(registry, tools, s, agent, data, model, skipMaxAge, safety, clock);
  }

  /** The same dependencies on model {@code m}, which also becomes the safety classifier's judge. */
  public NeuraDeps withModel(ChatModel m) {
    return new NeuraDeps(registry, tools, skipStore, agent, data, m, skipMaxAge, safetyFor(m), clock);
  }

  /** The same dependencies running {@code a}'s tool subset of the registry. */
  public NeuraDeps withAgent(String a) {
    return new NeuraDeps(registry, tools, skipStore, a, data, model, skipMaxAge, safety, clock);
  }

  public NeuraDeps withSkipMaxAge(Duration age) {
    return new NeuraDeps(registry, tools, skipStore, agent, data, model, age, safety, clock);
  }

  /** The same dependencies reading relative days ("tomorrow", "next monday") against {@code c}. */
  public NeuraDeps withClock(Clock c) {
    return new NeuraDeps(registry, tools, skipStore, agent, data, model, skipMaxAge, safety, c);
  }
}
