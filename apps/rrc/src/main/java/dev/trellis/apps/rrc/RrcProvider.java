package dev.trellis.apps.rrc;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.server.AppContext;
import dev.trellis.server.GraphProvider;
import dev.trellis.server.route.Routes;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * Serves the RRC pipeline as assistant {@code rrc} and mounts the seed's endpoints
 * ({@code /execute}, {@code /conversations/{id}/stream}, {@code /approvals}) on the same server:
 * executions are runs on the server's queue; the approvals, skills and knowledge-graph tables
 * live in its database.
 */
public final class RrcProvider implements GraphProvider {
  private final Function<AppContext, RrcDeps> factory;
  private final Map<AppContext, RrcDeps> built = new ConcurrentHashMap<>();

  /** The served defaults ({@link RrcDeps#open}). */
  public RrcProvider() {
    this(app -> RrcDeps.open(app.database(), Clock.systemUTC()));
  }

  /** Dependencies made by {@code factory} from the server's context (once per server). */
  public RrcProvider(Function<AppContext, RrcDeps> factory) {
    this.factory = factory;
  }

  private RrcDeps deps(AppContext app) {
    return built.computeIfAbsent(app, factory);
  }

  @Override
  public String graphId() {
    return RrcGraph.ASSISTANT;
  }

  @Override
  public String description() {
    return "Regulatory filings for the Texas Railroad Commission (Rules 37 and 32): tool loops, skills, budgets and durable human approval.";
  }

  /** Runs started through LangGraph's API get the step budget of 20 tool rounds, as {@code /execute} runs do. */
  @Override
  public Map<String, Object> assistantConfig() {
    return Map.of("recursion_limit", RrcGraph.RECURSION_LIMIT);
  }

  /** Refused: the app keeps approvals, skills and its knowledge graph in the server's database, which only {@link #build(AppContext)} is given. */
  @Override
  public CompiledGraph build(CheckpointSaver saver, Store store) {
    throw new UnsupportedOperationException("the rrc app needs the server's database: serve it with "
        + "TrellisServer.Builder.provider(new RrcProvider()), or compile RrcGraph.graph(deps, options) yourself");
  }

  @Override
  public CompiledGraph build(AppContext app) {
    return RrcGraph.graph(deps(app), CompileOptions.checkpointer(app.saver()).withStore(app.store()));
  }

  @Override
  public List<Routes> routes(AppContext app) {
    RrcDeps deps = deps(app);
    return List.of(new RrcRoutes(app, deps.approvals(), deps.agents(), RrcRoutes.reviewersFromEnv()));
  }
}
