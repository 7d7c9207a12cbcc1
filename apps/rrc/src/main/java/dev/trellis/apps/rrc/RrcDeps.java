package dev.trellis.apps.rrc;

import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.observe.Observed;
import java.time.Clock;

/**
 * What the pipeline's nodes use besides state: the chat model (the offline {@link PlannerModel}
 * or an OpenAI-compatible server), the approval service, the skills table and ledger, the
 * knowledge graph, the tool implementations, the agent definitions, tracing and the clock.
 */
public record RrcDeps(ChatModel model, ApprovalService approvals, Skills skills, KnowledgeGraph kg, ToolBindings tools,
                      AgentConfigs agents, Tracing tracing, Clock clock) {
  public RrcDeps {
    model = model == null ? null : Observed.model(model); // each call a GenAI span when trellis-otel is present
  }

  /**
   * The served dependencies: approvals, skills, ledger and the knowledge graph in {@code db} (the
   * server's database, so every server on it sees the same entities); the model of
   * {@code TRELLIS_MODEL_BASE_URL}/{@code TRELLIS_MODEL_NAME} through LangChain4j when both are set,
   * else the offline {@link PlannerModel}; spans to the global OpenTelemetry.
   */
  public static RrcDeps open(dev.trellis.checkpoint.jdbc.JdbcDatabase db, Clock clock) {
    ChatModel model = System.getenv("TRELLIS_MODEL_BASE_URL") != null && System.getenv("TRELLIS_MODEL_NAME") != null
        ? dev.trellis.langchain4j.LangChain4jChatModel.openAiFromEnv() : new PlannerModel();
    return new RrcDeps(model, JdbcApprovals.open(db, clock), Skills.open(db, clock),
        KnowledgeGraph.open(db), ToolBindings.bundled(),
        AgentConfigs.bundled(), Tracing.global(), clock);
  }

  public RrcDeps withModel(ChatModel m) {
    return new RrcDeps(m, approvals, skills, kg, tools, agents, tracing, clock);
  }

  public RrcDeps withApprovals(ApprovalService a) {
    return new RrcDeps(model, a, skills, kg, tools, agents, tracing, clock);
  }

  public RrcDeps withTools(ToolBindings t) {
    return new RrcDeps(model, approvals, skills, kg, t, agents, tracing, clock);
  }

  public RrcDeps withTracing(Tracing t) {
    return new RrcDeps(model, approvals, skills, kg, tools, agents, t, clock);
  }
}
