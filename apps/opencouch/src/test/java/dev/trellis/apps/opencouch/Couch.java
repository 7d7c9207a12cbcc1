package dev.trellis.apps.opencouch;

import dev.trellis.agent.model.ChatModel;
import dev.trellis.apps.opencouch.memory.SessionEnd;
import dev.trellis.apps.opencouch.safety.JdbcCrisisLog;
import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import dev.trellis.sqlite.SqliteStore;
import java.nio.file.Path;
import java.util.Map;

/** An OpenCouch graph on a fresh SQLite file (checkpoints, store and crisis log on one connection, as the server has them), run in-process. */
final class Couch {
  final Path file;
  final SqliteStore store;
  final JdbcCrisisLog log;
  final CouchContext context;
  final CompiledGraph graph;
  final CompiledGraph sessionEnd;

  Couch(ChatModel model, MemoryMode mode) {
    file = dev.trellis.testkit.TempDirs.create("opencouch").resolve("couch.db");
    store = SqliteStore.open(file);
    log = new JdbcCrisisLog(store.database());
    context = Defaults.over(store, log).withLlmClient(model).withMemoryMode(mode);
    CompileOptions options = CompileOptions.checkpointer(
        new JdbcSaver(store.database(), new JacksonSerde())).withStore(store);
    graph = OpenCouch.graph(options, context);
    sessionEnd = SessionEnd.graph(options, context);
  }

  Couch() {
    this(null, MemoryMode.PERSISTENT);
  }

  /** One turn on the session's thread. */
  State turn(String user, String session, String message) {
    return graph.invoke(Map.of("message", message, "user_id", user, "session_id", session), config(session));
  }

  /** One turn on the session's thread for a user in {@code locale}. */
  State turn(String user, String session, String locale, String message) {
    return graph.invoke(Map.of("message", message, "user_id", user, "session_id", session, "locale", locale),
        config(session));
  }

  /** One turn on the session's thread for a user in {@code locale}: the reply's text. */
  String say(String user, String session, String locale, String message) {
    return String.valueOf(CouchState.response(turn(user, session, locale, message)).text());
  }

  State endSession(String user, String session) {
    return sessionEnd.invoke(Map.of("user_id", user, "session_id", session), RunConfig.thread("end:" + session)
        .withContext(context));
  }

  RunConfig config(String session) {
    return RunConfig.thread("session:" + session).withContext(context);
  }
}
