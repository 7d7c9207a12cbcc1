package dev.trellis.cli.config;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.cache.Cache;
import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.checkpoint.store.Store;
import dev.trellis.server.AppContext;
import dev.trellis.server.auth.Identity;
import io.javalin.http.Context;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The server's {@link AppContext} for one graph's build, answering {@link #tools} with the tools the config gives it. */
record ToolsContext(AppContext app, List<?> given) implements AppContext {
  ToolsContext {
    given = List.copyOf(given);
  }

  @Override
  public <T> List<T> tools(Class<T> type) {
    return given.stream().filter(type::isInstance).map(type::cast).toList();
  }

  @Override
  public CheckpointSaver saver() {
    return app.saver();
  }

  @Override
  public Store store() {
    return app.store();
  }

  @Override
  public Cache cache() {
    return app.cache();
  }

  @Override
  public JdbcDatabase database() {
    return app.database();
  }

  @Override
  public java.time.Clock clock() {
    return app.clock();
  }

  @Override
  public boolean postgres() {
    return app.postgres();
  }

  @Override
  public Submitted submit(Context ctx, String threadId, Map<String, Object> body) {
    return app.submit(ctx, threadId, body);
  }

  @Override
  public Optional<Submitted> active(Context ctx, String threadId) {
    return app.active(ctx, threadId);
  }

  @Override
  public Optional<Submitted> latest(Context ctx, String threadId) {
    return app.latest(ctx, threadId);
  }

  @Override
  public Identity caller(Context ctx) {
    return app.caller(ctx);
  }

  @Override
  public Optional<String> ownThread(Context ctx, String threadId) {
    return app.ownThread(ctx, threadId);
  }

  @Override
  public boolean owns(Context ctx, String storedThreadId) {
    return app.owns(ctx, storedThreadId);
  }
}
