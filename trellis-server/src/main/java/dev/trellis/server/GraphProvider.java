package dev.trellis.server;

import dev.trellis.core.CompiledGraph;
import dev.trellis.server.route.Routes;
import java.util.List;
import java.util.Map;

/**
 * A graph a Trellis server serves, found with {@link java.util.ServiceLoader} (list the class in
 * {@code META-INF/services/dev.trellis.server.GraphProvider}) or named in a server config. The
 * reference applications are served this way; so are your own graphs.
 */
public interface GraphProvider extends GraphFactory {
  /** The graph id, which is also the id of its system assistant. */
  String graphId();

  /**
   * The config of the graph's system assistant (e.g. {@code {"recursion_limit": 52}} for a graph
   * whose loops need more steps than LangGraph's default 25), merged under every run's own config
   * as any assistant's is; empty by default. Written when the system assistant is first created.
   */
  default Map<String, Object> assistantConfig() {
    return Map.of();
  }

  /**
   * The description of the graph's system assistant, shown by clients and the Studio, and the
   * description of its {@code /mcp} tool and A2A agent card (none by default). Written when the
   * system assistant is first created, and as its next version when it changes.
   */
  default String description() {
    return null;
  }

  /**
   * Metadata of the graph's system assistant, beside {@code created_by: system}; none by default.
   * The Studio reads {@code manifest}: the path of a topology manifest the application serves
   * (stages, typed edges, conditions), shown on the assistant's page. Written when the system
   * assistant is first created.
   */
  default Map<String, Object> assistantMetadata() {
    return Map.of();
  }

  /**
   * Runs of this graph the server starts on a schedule (none by default) — housekeeping an
   * application needs without a client asking, such as ending idle sessions. Each is kept as a
   * system cron: stateless, owned by no user, with an id derived from the graph id and the
   * schedule's name (so every server process on one database keeps the same one), created when
   * the server starts and updated there when its schedule or input changed. The server's cron
   * scheduler fires it like any cron (each fire once across processes).
   */
  default List<Schedule> schedules() {
    return List.of();
  }

  /**
   * A scheduled run: its {@code name} (unique within the graph), a {@code cron} schedule and the
   * run's {@code input}. The schedule takes what the crons API takes ({@link
   * dev.trellis.server.queue.CronSchedule}: five fields with names such as {@code mon-fri} and
   * {@code jan}, or a nickname such as {@code @daily}) and is always read in UTC: a system schedule
   * has no timezone ({@code "0 9 * * mon-fri"} fires at 09:00 UTC). A schedule that cannot be read,
   * or never fires, is refused here, when the provider builds it.
   */
  record Schedule(String name, String cron, Map<String, Object> input) {
    public Schedule {
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException("a schedule needs a name");
      }
      dev.trellis.server.queue.CronSchedule.parse(cron);
      input = Map.copyOf(java.util.Objects.requireNonNull(input, "input"));
    }
  }

  /** HTTP routes the application mounts beside LangGraph's API on the same server (none by default). */
  default List<Routes> routes() {
    return List.of();
  }

  /**
   * Builds the graph with the server's context (its database for the application's own tables);
   * the default calls {@link #build(dev.trellis.checkpoint.CheckpointSaver, dev.trellis.checkpoint.store.Store)}.
   */
  default CompiledGraph build(AppContext app) {
    return build(app.saver(), app.store());
  }

  /**
   * The routes to mount, given the server's context (whose {@link AppContext#submit} queues runs
   * on the server's run queue); the default returns {@link #routes()}.
   */
  default List<Routes> routes(AppContext app) {
    return routes();
  }
}
