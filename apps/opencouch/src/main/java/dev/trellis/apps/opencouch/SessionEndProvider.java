package dev.trellis.apps.opencouch;

import dev.trellis.apps.opencouch.memory.SessionEnd;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.server.AppContext;
import dev.trellis.server.GraphProvider;
import java.util.List;
import java.util.Map;

/**
 * Serves OpenCouch's session end ({@code commit_session_memory} → {@code summarize_session}) as
 * {@code opencouch_session_end}, and has the server run it every five minutes for the sessions
 * idle {@value SessionEnd#DEFAULT_IDLE_MINUTES} minutes (a system cron), so held memories are
 * promoted without any client ending a session.
 */
public final class SessionEndProvider implements GraphProvider {
  /** The schedule of the idle sweep. */
  public static final Schedule IDLE_SWEEP = new Schedule("end_idle_sessions", "*/5 * * * *",
      Map.of("idle_minutes", SessionEnd.DEFAULT_IDLE_MINUTES));

  @Override
  public String graphId() {
    return SessionEnd.ASSISTANT;
  }

  @Override
  public String description() {
    return "Ends OpenCouch sessions: promotes their memories and writes the session summary (one session, or every idle one).";
  }

  @Override
  public List<Schedule> schedules() {
    return List.of(IDLE_SWEEP);
  }

  @Override
  public CompiledGraph build(AppContext app) {
    return SessionEnd.graph(CompileOptions.checkpointer(app.saver()).withStore(app.store()), Defaults.over(app.store()),
        app.clock());
  }

  @Override
  public CompiledGraph build(CheckpointSaver saver, Store store) {
    return SessionEnd.graph(CompileOptions.checkpointer(saver).withStore(store), Defaults.over(store));
  }
}
