package dev.trellis.testkit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.checkpoint.Checkpoint;
import dev.trellis.checkpoint.CheckpointConfig;
import dev.trellis.checkpoint.CheckpointIds;
import dev.trellis.checkpoint.CheckpointMetadata;
import dev.trellis.checkpoint.CheckpointTuple;
import dev.trellis.checkpoint.jdbc.JdbcDatabase;
import dev.trellis.checkpoint.jdbc.JdbcSaver;
import dev.trellis.checkpoint.jdbc.WriteGuard;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.checkpoint.serde.JacksonSerde;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.graph.Update;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What the JDBC savers keep true of long strings inside long lists (a run's input holding big documents in a list
 * channel): each is stored once per thread, as a blob its input write and its list rows both name, and no rollback,
 * fork, copy, deletion or checkpoint saved out of order leaves a list naming a blob that is gone. Every read is made
 * by a fresh saver on the same database (another process: nothing answered from the writer's memory).
 */
public abstract class LongStringListsContract {
  /** Characters of each long string (the blobs hold them as JSON: two more bytes). */
  protected static final int CHARS = 100_000;
  static final Key<Integer> COUNT = Key.of("count", Integer.class);
  static final Key<List<Object>> LOG = Key.appending("log", Object.class);

  /** A new database handle on the test database (each one a separate pool or connection: another process). */
  protected abstract JdbcDatabase database();

  /** A plain connection to the test database, to measure what its tables hold. */
  protected abstract Connection connect() throws SQLException;

  private final String thread = "strings-" + UUID.randomUUID();
  private final List<JdbcSaver> opened = new ArrayList<>();

  @AfterEach
  void closeSavers() {
    opened.forEach(JdbcSaver::close);
  }

  /** A saver with the default list cache (a sixteenth of the heap). */
  private JdbcSaver saver() {
    return opened(new JdbcSaver(database(), new JacksonSerde()));
  }

  private JdbcSaver saver(long listCacheBytes) {
    return opened(new JdbcSaver(database(), new JacksonSerde(), WriteGuard.NONE, listCacheBytes));
  }

  private JdbcSaver opened(JdbcSaver s) {
    opened.add(s);
    return s;
  }

  private static String causes(Throwable e) {
    StringBuilder out = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      out.append(t).append(" | ");
    }
    return out.toString();
  }

  protected static String text(String tag) {
    return (tag + "-").repeat(CHARS / (tag.length() + 1) + 1).substring(0, CHARS);
  }

  private static List<Object> smallItems() {
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < 8; i++) {
      out.add("item " + i);
    }
    return out;
  }

  private static List<Object> plus(List<Object> list, Object... more) {
    List<Object> out = new ArrayList<>(list);
    out.addAll(List.of(more));
    return out;
  }

  private static Checkpoint checkpoint(String id, List<Object> log) {
    return new Checkpoint(id, Instant.now().toString(), Map.of("log", log), Map.of("log", (long) log.size()), Map.of());
  }

  private static CheckpointConfig put(JdbcSaver saver, CheckpointConfig parent, List<Object> log) {
    return saver.put(parent, checkpoint(CheckpointIds.next(), log), CheckpointMetadata.of("loop", log.size()));
  }

  /** The list checkpoint {@code at} holds, read by a fresh saver. */
  private Object readFresh(CheckpointConfig at) {
    CheckpointTuple t = saver(0).getTuple(at);
    return t == null ? null : t.checkpoint().channelValues().get("log");
  }

  private long bytes(String table, String column) throws SQLException {
    return sum("SELECT COALESCE(SUM(LENGTH(" + column + ")), 0) FROM " + table + " WHERE thread_id = ?", thread);
  }

  /** Blob rows of {@code threadId} holding a long string. */
  private long longBlobs(String threadId) throws SQLException {
    return sum("SELECT COUNT(*) FROM checkpoint_blobs WHERE thread_id = ? AND LENGTH(value) >= " + CHARS, threadId);
  }

  private long sum(String sql, String threadId) throws SQLException {
    try (Connection c = connect(); var ps = c.prepareStatement(sql)) {
      ps.setString(1, threadId);
      try (var rs = ps.executeQuery()) {
        rs.next();
        return rs.getLong(1);
      }
    }
  }

  /** Ten nodes in a line, each incrementing {@code count} and appending its index to {@code log} (examples/chain.json). */
  static CompiledGraph chain(dev.trellis.checkpoint.CheckpointSaver saver) {
    StateGraph g = StateGraph.of(Schema.of(COUNT, LOG));
    String prev = StateGraph.START;
    for (int i = 0; i < 10; i++) {
      int idx = i;
      g.addNode("n" + i, (s, rt) -> Update.of(COUNT, s.getOrDefault(COUNT, 0) + 1, LOG, List.of(idx)));
      g.addEdge(prev, "n" + i);
      prev = "n" + i;
    }
    return g.addEdge(prev, StateGraph.END).compile(CompileOptions.checkpointer(saver));
  }

  private static List<Object> history(CompiledGraph g, RunConfig config) {
    List<Object> out = new ArrayList<>();
    for (StateSnapshot s : g.getStateHistory(config)) {
      out.add(List.of(s.values(), s.next(), s.metadata().step()));
    }
    return out;
  }

  private static List<Object> fiftyLongStrings() {
    List<Object> log = new ArrayList<>();
    for (int k = 0; k < 50; k++) {
      log.add(text("input " + k));
    }
    return log;
  }

  @Test
  void aListOfLongStringsFromTheInputIsStoredOnce() throws SQLException {
    List<Object> log = fiftyLongStrings();
    long strings = (long) log.size() * CHARS;
    RunConfig config = RunConfig.thread(thread);
    Map<String, Object> input = Map.of("count", 0, "log", log);
    chain(saver()).invoke(input, config);
    // The blobs hold each string once (as JSON, 2 bytes more); the list rows name them (about 90 bytes each) and hold
    // the ten appended numbers: 16 KB covers the references, the rows' framing and the small items.
    long lists = bytes("checkpoint_appends", "tail");
    long blobs = bytes("checkpoint_blobs", "value");
    assertTrue(lists + blobs <= strings * 1.1 + 16_384,
        "checkpoint_appends " + lists + " B + checkpoint_blobs " + blobs + " B for " + strings + " B of strings");
    // The whole thread in the saver's four tables: the input write names the same blobs; 12 checkpoints of small
    // values, versions and metadata fit in 64 KB more.
    long all = lists + blobs + bytes("checkpoint_writes", "value") + bytes("checkpoints", "checkpoint")
        + bytes("checkpoints", "metadata");
    assertTrue(all <= strings * 1.1 + 65_536, "the saver's rows for the thread: " + all + " B");
    assertEquals(50, longBlobs(thread));

    CompiledGraph reference = chain(new InMemorySaver());
    reference.invoke(input, config);
    CompiledGraph fresh = chain(saver(0));
    assertEquals(history(reference, config), history(fresh, config));
    assertEquals(plus(log, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9), fresh.getState(config).values().get("log"));
    // A fresh saver continues the thread (its list rows written as a new group naming the same blobs).
    fresh.invoke(Map.of("count", 0), config);
    reference.invoke(Map.of("count", 0), config);
    assertEquals(history(reference, config), history(chain(saver(0)), config));
    assertEquals(50, longBlobs(thread));
  }

  @Test
  void theListCacheCountsTheStringsItsListsHoldAsBlobs() {
    List<Object> log = fiftyLongStrings();
    long strings = (long) log.size() * CHARS;
    JdbcSaver roomy = saver(4 * strings);
    chain(roomy).invoke(Map.of("count", 0, "log", log), RunConfig.thread(thread));
    assertTrue(roomy.listCacheBytes() >= strings, "kept " + roomy.listCacheBytes() + " B of a list of " + strings);
    JdbcSaver small = saver(strings / 2);
    chain(small).invoke(Map.of("count", 0, "log", log), RunConfig.thread(thread + "-small"));
    assertEquals(0, small.listCacheBytes(), "a list larger than the whole budget is not kept");
    assertEquals(plus(log, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9),
        chain(saver(0)).getState(RunConfig.thread(thread + "-small")).values().get("log"));
  }

  @Test
  void aRollbackKeepsTheStringsItsCheckpointsNameAndTheListWrittenAgainStoresThemAgain() throws SQLException {
    JdbcSaver saver = saver();
    String x = text("x");
    String y = text("y");
    String z = text("z");
    List<Object> small = smallItems();
    CheckpointConfig a = put(saver, CheckpointConfig.thread(thread), small);
    CheckpointConfig b = put(saver, a, plus(small, x, y));
    CheckpointConfig c = put(saver, b, plus(small, x, y, z));
    assertEquals(3, longBlobs(thread));

    saver.deleteAfter(thread, b.checkpointId());
    assertEquals(plus(small, x, y), readFresh(b));
    assertEquals(null, readFresh(c));
    assertEquals(2, longBlobs(thread), "z went with the checkpoint that stored it");

    saver.deleteAfter(thread, a.checkpointId());
    assertEquals(0, longBlobs(thread));
    CheckpointConfig d = put(saver, a, plus(small, x, "d"));
    CheckpointConfig e = put(saver, d, plus(small, x, "d", y));
    assertEquals(plus(small, x, "d"), readFresh(d));
    assertEquals(plus(small, x, "d", y), readFresh(e));
    assertEquals(2, longBlobs(thread));
  }

  @Test
  void aSaverThatMissedAnotherProcesssRollbackRefusesToNameADeletedStringThenStoresItAgain() throws SQLException {
    JdbcSaver writer = saver();
    String x = text("x");
    List<Object> small = smallItems();
    CheckpointConfig a = put(writer, CheckpointConfig.thread(thread), small);
    put(writer, a, plus(small, x));
    saver().deleteAfter(thread, a.checkpointId()); // another process rolls the thread back
    assertEquals(0, longBlobs(thread));

    RuntimeException refused = assertThrows(RuntimeException.class, () -> put(writer, a, plus(small, x, "again")));
    assertTrue(causes(refused).contains("deleted while it was written"), causes(refused));
    assertEquals(1, saver(0).list(CheckpointConfig.thread(thread), null, 0).size(), "nothing was saved");
    CheckpointConfig d = put(writer, a, plus(small, x, "again"));
    assertEquals(plus(small, x, "again"), readFresh(d));
    assertEquals(1, longBlobs(thread));
  }

  @Test
  void forksNameTheStringsOfTheirBranchAndARollbackPastThemKeepsTheMainLineReadable() throws SQLException {
    JdbcSaver saver = saver();
    String x = text("x");
    String y = text("y");
    String z = text("z");
    List<Object> small = smallItems();
    CheckpointConfig a = put(saver, CheckpointConfig.thread(thread), small);
    CheckpointConfig b = put(saver, a, plus(small, x));
    CheckpointConfig c = put(saver, b, plus(small, x, y));
    CheckpointConfig fromA = put(saver, a, plus(small, y)); // a fork: a new group naming y again
    CheckpointConfig fromB = put(saver, b, plus(small, x, z)); // naming x again, and z new
    assertEquals(plus(small, y), readFresh(fromA));
    assertEquals(plus(small, x, z), readFresh(fromB));
    assertEquals(3, longBlobs(thread));

    saver.deleteAfter(thread, c.checkpointId());
    assertEquals(plus(small, x), readFresh(b));
    assertEquals(plus(small, x, y), readFresh(c));
    assertEquals(null, readFresh(fromB));
    assertEquals(2, longBlobs(thread), "z, stored by the deleted fork alone, is gone");
  }

  @Test
  void aCheckpointSavedAfterALaterOneThatStoredItsStringKeepsItThroughARollback() {
    for (boolean sameSaver : new boolean[] {true, false}) {
      String t = thread + (sameSaver ? "-same" : "-other");
      JdbcSaver first = saver();
      String w = text("w");
      List<Object> small = smallItems();
      CheckpointConfig a = put(first, CheckpointConfig.thread(t), small);
      String early = CheckpointIds.next();
      String late = CheckpointIds.next();
      first.put(a, checkpoint(late, plus(small, w, "late")), CheckpointMetadata.of("loop", 1));
      // A retry saves the earlier checkpoint after the later one (its id sorts first); it names w too.
      JdbcSaver retry = sameSaver ? first : saver();
      retry.put(a, checkpoint(early, plus(small, w)), CheckpointMetadata.of("loop", 1));
      retry.deleteAfter(t, early);
      assertEquals(plus(small, w), readFresh(a.withCheckpointId(early)), sameSaver ? "same saver" : "another saver");
      assertEquals(null, readFresh(a.withCheckpointId(late)));
    }
  }

  @Test
  void aCopiedThreadReadsItsStringsAfterTheOriginalIsDeletedAndADeletedThreadStoresThemAgain() throws SQLException {
    JdbcSaver saver = saver();
    String x = text("x");
    String y = text("y");
    List<Object> small = smallItems();
    CheckpointConfig a = put(saver, CheckpointConfig.thread(thread), small);
    CheckpointConfig b = put(saver, a, plus(small, x));
    String copy = thread + "-copy";
    saver.copyThread(thread, copy);
    saver.deleteThread(thread);
    assertEquals(0, longBlobs(thread));
    CheckpointConfig copied = CheckpointConfig.thread(copy).withCheckpointId(b.checkpointId());
    assertEquals(plus(small, x), readFresh(copied));
    CheckpointConfig more = put(saver, copied, plus(small, x, y));
    assertEquals(plus(small, x, y), readFresh(more));
    assertEquals(2, longBlobs(copy));

    // The deleted thread, written again by the saver that deleted it, stores x again.
    CheckpointConfig again = put(saver, put(saver, CheckpointConfig.thread(thread), small), plus(small, x));
    assertEquals(plus(small, x), readFresh(again));
    assertEquals(1, longBlobs(thread));
    saver.deleteThread(copy);
  }

  @Test
  void aListWithoutLongStringsStoresNoBlob() throws SQLException {
    JdbcSaver saver = saver();
    List<Object> log = plus(smallItems(), "y".repeat(1_023), Map.of("k", "v"), List.of(1, 2));
    CheckpointConfig a = put(saver, CheckpointConfig.thread(thread), log);
    assertEquals(log, readFresh(a));
    assertEquals(0, bytes("checkpoint_blobs", "value"));
  }
}
