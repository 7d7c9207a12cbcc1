package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Send;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.graph.Update;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Large values are stored once per thread: a value no node changes is not saved again by later
 * checkpoints, and the state copies an agent's tool calls carry in their {@code Send}s cost a
 * few references, while every state read gives what the in-memory saver gives.
 */
class SharedValuesTest {
  static final Key<List<String>> MESSAGES = Key.appending("messages", String.class);
  static final Key<String> DOC = Key.of("doc", String.class);
  @SuppressWarnings({"unchecked", "rawtypes"})
  static final Key<Map<String, Object>> TABLE = (Key) Key.of("table", Map.class);
  static final String FILLER = "a tool answer of about a hundred characters, as a short chat message would have. ";

  /** One user turn: the model asks for {@code calls} tools twice, each tool call a Send with the whole state. */
  static CompiledGraph agent(CheckpointSaver saver, int calls) {
    return StateGraph.of(Schema.of(MESSAGES, DOC))
        .addNode("model", (s, rt) -> Update.of(MESSAGES, List.of("ai " + s.get(MESSAGES).size())))
        .addNode("tool", (s, rt) -> {
          Map<?, ?> call = (Map<?, ?>) s.arg();
          List<?> seen = (List<?>) ((Map<?, ?>) call.get("state")).get("messages");
          return Update.of(MESSAGES, List.of("tool " + call.get("id") + " saw " + seen.size() + " " + FILLER));
        })
        .addEdge(StateGraph.START, "model")
        .addConditionalEdges("model", s -> {
          List<String> m = s.get(MESSAGES);
          int lastUser = 0;
          for (int i = 0; i < m.size(); i++) {
            lastUser = m.get(i).startsWith("user") ? i : lastUser;
          }
          if (m.subList(lastUser, m.size()).stream().filter(x -> x.startsWith("ai")).count() >= 3) {
            return StateGraph.END;
          }
          Map<String, Object> state = s.toMap();
          List<Object> sends = new ArrayList<>();
          for (int i = 0; i < calls; i++) {
            sends.add(Send.to("tool", Map.of("id", i, "state", state)));
          }
          return sends;
        })
        .addEdge("tool", "model")
        .compile(CompileOptions.checkpointer(saver));
  }

  static long bytes(Connection c, String table, String... columns) throws Exception {
    String sum = String.join(" + ", java.util.Arrays.stream(columns).map(x -> "COALESCE(LENGTH(" + x + "), 0)").toList());
    try (var st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COALESCE(SUM(" + sum + "), 0) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  static long stored(Connection c) throws Exception {
    return bytes(c, "checkpoints", "checkpoint", "metadata") + bytes(c, "checkpoint_writes", "value")
        + bytes(c, "checkpoint_appends", "tail") + bytes(c, "checkpoint_blobs", "value");
  }

  @Test
  void toolCallsSendingTheStateAddBytesForTheirNewMessagesOnly(@TempDir Path dir) throws Exception {
    SqliteSaver saver = SqliteSaver.open(dir.resolve("a.db"));
    InMemorySaver memory = new InMemorySaver();
    CompiledGraph onDisk = agent(saver, 5);
    CompiledGraph inMemory = agent(memory, 5);
    RunConfig thread = RunConfig.thread("t");
    long[] perTurn = new long[41];
    long[] newMessages = new long[41];
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("a.db"))) {
      long before = stored(c);
      for (int turn = 1; turn <= 40; turn++) {
        Map<String, Object> input = Map.of("messages", List.of("user " + turn), "doc", "d");
        int had = inMemory.getState(thread).values().containsKey("messages")
            ? ((List<?>) inMemory.getState(thread).values().get("messages")).size() : 0;
        onDisk.invoke(input, thread);
        inMemory.invoke(input, thread);
        List<?> all = (List<?>) inMemory.getState(thread).values().get("messages");
        newMessages[turn] = all.subList(had, all.size()).stream().mapToLong(m -> ((String) m).length() + 3).sum();
        long now = stored(c);
        perTurn[turn] = now - before;
        before = now;
      }
    }
    // A turn adds 14 messages (about 1.1 KB as JSON) in 7 checkpoints; the state it sends to 10
    // tool calls grows to 560 messages (60 KB) by turn 40, and is not stored again: a turn stores
    // its new messages, the references to them and its checkpoints' bookkeeping (about 1.2 KB a
    // checkpoint: versions, metadata, the Sends' references), 12 KB in all, flat.
    assertTrue(perTurn[40] < perTurn[5] * 1.2, "bytes per turn at 5 and 40: " + perTurn[5] + ", " + perTurn[40]);
    assertTrue(perTurn[40] < 3 * newMessages[40] + 10_000,
        "bytes in turn 40: " + perTurn[40] + " for " + newMessages[40] + " B of new messages");
    assertEquals(history(inMemory, thread), history(onDisk, thread));
    saver.close();
  }

  @Test
  void aLargeValueNoNodeChangesIsStoredOnce(@TempDir Path dir) throws Exception {
    SqliteSaver saver = SqliteSaver.open(dir.resolve("b.db"));
    InMemorySaver memory = new InMemorySaver();
    String doc = "0123456789".repeat(50_000);
    Map<String, Object> table = Map.of("rows", java.util.stream.IntStream.range(0, 5_000).boxed().toList());
    CompiledGraph onDisk = tableGraph(saver);
    CompiledGraph inMemory = tableGraph(memory);
    RunConfig thread = RunConfig.thread("t");
    try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("b.db"))) {
      Map<String, Object> first = Map.of("messages", List.of("user 0"), "doc", doc, "table", table);
      onDisk.invoke(first, thread);
      inMemory.invoke(first, thread);
      long afterFirst = stored(c);
      long checkpoints = count(c);
      for (int run = 1; run < 20; run++) {
        Map<String, Object> input = Map.of("messages", List.of("user " + run));
        onDisk.invoke(input, thread);
        inMemory.invoke(input, thread);
      }
      long perCheckpoint = (stored(c) - afterFirst) / (count(c) - checkpoints);
      assertTrue(perCheckpoint < 2_000, "bytes per checkpoint after the first run: " + perCheckpoint);
      assertTrue(bytes(c, "checkpoint_blobs", "value") < 2 * doc.length(), "the blobs hold the document once");
    }
    assertEquals(history(inMemory, thread), history(onDisk, thread));
    // A fresh saver on the same file (another process) reads the same history.
    SqliteSaver reopened = SqliteSaver.open(dir.resolve("b.db"));
    assertEquals(history(inMemory, thread), history(tableGraph(reopened), thread));
    saver.close();
    reopened.close();
  }

  static CompiledGraph tableGraph(CheckpointSaver saver) {
    return StateGraph.of(Schema.of(MESSAGES, DOC, TABLE))
        .addNode("read", (s, rt) -> Update.of(MESSAGES, List.of("read " + s.get(DOC).length())))
        .addNode("answer", (s, rt) -> Update.of(MESSAGES, List.of("rows " + ((List<?>) s.get(TABLE).get("rows")).size())))
        .addEdge(StateGraph.START, "read").addEdge("read", "answer").addEdge("answer", StateGraph.END)
        .compile(CompileOptions.checkpointer(saver));
  }

  static long count(Connection c) throws Exception {
    try (var st = c.createStatement(); ResultSet rs = st.executeQuery("SELECT COUNT(*) FROM checkpoints")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** Every checkpoint as values, next nodes and the tasks due (ids and timestamps differ between savers). */
  static List<Object> history(CompiledGraph g, RunConfig thread) {
    List<Object> out = new ArrayList<>();
    for (StateSnapshot s : g.getStateHistory(thread)) {
      out.add(List.of(s.values(), s.next(), s.tasks().size(), s.metadata().step(), s.metadata().source()));
    }
    return out;
  }
}
