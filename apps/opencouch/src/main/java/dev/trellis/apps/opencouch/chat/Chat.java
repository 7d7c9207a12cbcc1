package dev.trellis.apps.opencouch.chat;

import dev.trellis.apps.opencouch.CouchContext;
import dev.trellis.apps.opencouch.CouchState;
import dev.trellis.apps.opencouch.Defaults;
import dev.trellis.apps.opencouch.MemoryMode;
import dev.trellis.apps.opencouch.OpenCouch;
import dev.trellis.apps.opencouch.memory.CommittedMemory;
import dev.trellis.apps.opencouch.memory.SessionEnd;
import dev.trellis.apps.opencouch.safety.JdbcCrisisLog;
import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.checkpoint.store.Item;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import dev.trellis.sqlite.SqliteStore;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The terminal chat ({@code bin/trellis chat opencouch}): runs the OpenCouch graph in this
 * process on a SQLite file, shows a label for each stage as its task starts, prints the
 * reply's tokens as they stream, and keeps the session across restarts (the current session
 * of each user is stored in the file; its thread is the one {@code trellis serve} would use,
 * so Studio shows it too). A closing turn ends the session by itself (said on screen).
 * Commands: {@code /end} ends the session (commits held memories, writes the summary) and
 * starts a new one, {@code /memory} lists what is remembered,
 * {@code /quit} (or end of input) leaves, keeping the session.
 */
public final class Chat implements AutoCloseable {
  private final SqliteStore store;
  private final CouchContext context;
  private final CompiledGraph graph;
  private final CompiledGraph sessionEnd;
  private final String user;
  private String session;

  public Chat(Path db, String user, MemoryMode mode) {
    this.store = SqliteStore.open(db);
    this.user = user;
    this.context = Defaults.over(store, new JdbcCrisisLog(store.database())).withMemoryMode(mode);
    CompileOptions options = CompileOptions.checkpointer(new JdbcSaver(store.database(), new JacksonSerde())).withStore(store);
    this.graph = OpenCouch.graph(options, context);
    this.sessionEnd = SessionEnd.graph(options, context);
    Item current = store.get(List.of("opencouch", user, "cli"), "current");
    this.session = current != null ? String.valueOf(current.value().get("session_id")) : newSession();
  }

  /** The server thread id of a session: the same name-based UUID the HTTP tests and the README use. */
  public static String threadId(String session) {
    return UUID.nameUUIDFromBytes(("opencouch:" + session).getBytes(StandardCharsets.UTF_8)).toString();
  }

  public String session() {
    return session;
  }

  /** Reads lines from {@code in} until {@code /quit} or its end, answering each on {@code out}. */
  public void run(BufferedReader in, PrintStream out) throws IOException {
    Object saved = graph.getState(config()).values().get(CouchState.TURN.name());
    int turns = saved instanceof Number n ? n.intValue() : 0;
    out.println("OpenCouch — a support companion, not a therapist. In an emergency call your local emergency number.");
    out.println((turns > 0 ? "Resuming session " + session + " (" + turns + " turns so far)." : "New session " + session + ".")
        + " Commands: /end ends the session, /memory shows what I remember, /quit leaves.");
    out.print("you> ");
    out.flush();
    String line;
    while ((line = in.readLine()) != null) {
      String text = line.strip();
      if (text.equals("/quit") || text.equals("/exit")) {
        break;
      } else if (text.equals("/end")) {
        endSession(out);
      } else if (text.equals("/memory")) {
        memory(out);
      } else if (!text.isEmpty()) {
        turn(text, out);
      }
      out.print("you> ");
      out.flush();
    }
    out.println();
    out.println("Bye for now. Your session " + session + " is kept; run the chat again to continue.");
  }

  private void turn(String message, PrintStream out) {
    boolean replying = false;
    try (GraphStream stream = graph.stream(Map.of("message", message, "user_id", user, "session_id", session), config(),
        EnumSet.of(StreamMode.TASKS, StreamMode.MESSAGES, StreamMode.UPDATES), true)) {
      for (StreamPart p : stream) {
        if (p instanceof StreamPart.MessageChunk c) {
          if (!replying) {
            out.print("couch> ");
            replying = true;
          }
          out.print(c.text());
        } else if (p instanceof StreamPart.TaskStart t && StageLabels.of(t.name()) != null) {
          if (replying) {
            out.println();
            replying = false;
          }
          out.println("  [" + t.name() + "] " + StageLabels.of(t.name()) + "…");
        }
        out.flush();
      }
    }
    if (replying) {
      out.println();
    }
    Object diagnostics = graph.getState(config()).values().get(CouchState.DIAGNOSTICS.name());
    if (diagnostics instanceof Map<?, ?> d && d.get("session_ended") != null) {
      Object kept = d.get("committed_at_session_end");
      out.println("  [session end] this session ended by itself; kept " + kept + " held memor"
          + (Integer.valueOf(1).equals(kept) ? "y" : "ies") + ".");
    }
  }

  private void endSession(PrintStream out) {
    State s = sessionEnd.invoke(Map.of("user_id", user, "session_id", session),
        RunConfig.thread(threadId("end:" + session)).withContext(context));
    List<CommittedMemory> committed = SessionEnd.committed(s);
    out.println("  [session end] kept " + committed.size() + " held memor" + (committed.size() == 1 ? "y" : "ies") + ".");
    String summary = s.get(SessionEnd.SUMMARY);
    if (summary != null && !summary.isEmpty()) {
      out.println("  [summary] " + summary);
    }
    session = newSession();
    out.println("New session " + session + ".");
  }

  private void memory(PrintStream out) {
    List<Item> items = store.search(List.of("opencouch", user), Map.of(), 100, 0).stream()
        .filter(i -> i.namespace().size() == 3 && List.of("semantic", "episodic", "procedural").contains(i.namespace().get(2)))
        .toList();
    if (items.isEmpty()) {
      out.println("  (nothing remembered yet)");
    }
    items.forEach(i -> out.println("  " + i.namespace().get(2) + ": " + i.value().get("text")));
  }

  private String newSession() {
    String id = "cli-" + UUID.randomUUID().toString().substring(0, 8);
    store.put(List.of("opencouch", user, "cli"), "current", Map.of("session_id", id), List.of(), null);
    return id;
  }

  private RunConfig config() {
    return RunConfig.thread(threadId(session)).withContext(context);
  }

  @Override
  public void close() {
    store.close();
  }
}
