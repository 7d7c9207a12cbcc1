package dev.trellis.apps.opencouch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.apps.opencouch.memory.CommittedMemory;
import dev.trellis.apps.opencouch.memory.EndedSession;
import dev.trellis.apps.opencouch.memory.MemoryEntry;
import dev.trellis.apps.opencouch.memory.SessionEnd;
import dev.trellis.apps.opencouch.safety.Assessment;
import dev.trellis.checkpoint.CheckpointSaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import dev.trellis.postgres.PostgresSaver;
import dev.trellis.server.TrellisServer;
import dev.trellis.sqlite.SqliteSaver;
import dev.trellis.testkit.ApiClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every record OpenCouch keeps in state comes back from the SQLite and PostgreSQL savers as the
 * record it was, and shows in the server's {@code /threads/{id}/state} with the JSON the map it
 * replaced had (the expected JSON is what the map-valued code served).
 */
class StateRecordsRoundTripTest {
  /** A value written under {@code key} and the JSON the server showed for its map. */
  record Case(String name, Key<?> key, Object value, String wire) {
    @Override
    public String toString() {
      return name;
    }
  }

  static final List<Case> CASES = List.of(
      new Case("crisis", CouchState.CRISIS,
          new Assessment(true, "crisis", "high", "passive_ideation", "override", "en", "kil myself"),
          """
          {"detected":true,"route":"crisis","severity":"high","category":"passive_ideation","layer":"override",\
          "language":"en","matched":"kil myself"}"""),
      new Case("crisis with nothing matched", CouchState.CRISIS,
          new Assessment(false, "therapeutic", "none", "none", "policy", null, null),
          """
          {"detected":false,"route":"therapeutic","severity":"none","category":"none","layer":"policy",\
          "language":null,"matched":null}"""),
      new Case("routing of the gate", CouchState.ROUTING, Routing.to("crisis"), """
          {"route":"crisis"}"""),
      new Case("routing to a mode", CouchState.ROUTING, Routing.therapeutic("supportive"), """
          {"route":"therapeutic","mode":"supportive"}"""),
      new Case("streamed response", CouchState.RESPONSE, new Response("I remember that your sister is Maya.", "ok",
          "run-a6dd26eb"), """
          {"message_id":"run-a6dd26eb","status":"ok","text":"I remember that your sister is Maya."}"""),
      new Case("crisis response", CouchState.RESPONSE, Response.of("Call 988.", "fallback"), """
          {"text":"Call 988.","status":"fallback"}"""),
      new Case("working memory", CouchState.WORKING_MEMORY,
          List.of(new MemoryEntry("semantic", "The user's sister is Maya.", "4438077f", "relationship", 0.0328),
              new MemoryEntry("procedural", "Keep replies short.", "k2", "procedural", 0.0)), """
          [{"type":"semantic","text":"The user's sister is Maya.","key":"4438077f","category":"relationship",\
          "score":0.0328},{"type":"procedural","text":"Keep replies short.","key":"k2","category":"procedural",\
          "score":0.0}]"""),
      new Case("question asked in a locale", CouchState.PENDING_QUESTION, PendingQuestion.ACTING_NOW.asked("en-US"), """
          {"id":"acting_now","text":"Are you thinking about acting on these thoughts right now?",\
          "yes_means_danger":true,"locale":"en-US"}"""),
      new Case("question asked in English", CouchState.PENDING_QUESTION, PendingQuestion.SOMEONE_WITH_YOU.asked(), """
          {"id":"someone_with_you","text":"Is there someone who can be with you right now?","yes_means_danger":false}"""),
      new Case("no question pending", CouchState.PENDING_QUESTION, AskedQuestion.NONE, "{}"),
      new Case("committed memories", SessionEnd.COMMITTED, List.of(new CommittedMemory("semantic", "The user has ADHD.")),
          """
          [{"kind":"semantic","text":"The user has ADHD."}]"""),
      new Case("ended sessions", SessionEnd.ENDED,
          List.of(new EndedSession("ana", "s1", "persistent", List.of(new CommittedMemory("semantic", "The user has ADHD.")),
              "In an earlier session the user talked about work."),
              new EndedSession("bo", "s2", "session", List.of(), null)), """
          [{"user_id":"ana","session_id":"s1","memory_mode":"persistent",\
          "committed":[{"kind":"semantic","text":"The user has ADHD."}],\
          "summary":"In an earlier session the user talked about work."},\
          {"user_id":"bo","session_id":"s2","memory_mode":"session","committed":[]}]"""));

  static final Key<Integer> CASE = Key.of("case", Integer.class);

  static Stream<Integer> cases() {
    return IntStream.range(0, CASES.size()).boxed();
  }

  /** One node writing the value of the case its input names under that case's key. */
  @SuppressWarnings("unchecked")
  static CompiledGraph writer(CheckpointSaver saver) {
    Schema schema = Schema.of(CASE, CouchState.CRISIS, CouchState.ROUTING, CouchState.RESPONSE, CouchState.WORKING_MEMORY,
        CouchState.PENDING_QUESTION, SessionEnd.COMMITTED, SessionEnd.ENDED);
    return StateGraph.of(schema)
        .addNode("write", (s, rt) -> {
          Case c = CASES.get(s.get(CASE));
          return Update.of((Key<Object>) c.key(), c.value());
        })
        .addEdge(StateGraph.START, "write")
        .compile(saver == null ? CompileOptions.DEFAULT : CompileOptions.checkpointer(saver));
  }

  /** Writes case {@code i} through a graph on {@code saver} and reads it back through a graph compiled afresh on it. */
  static Object roundTrip(CheckpointSaver saver, int i) {
    RunConfig thread = RunConfig.thread("case-" + i + "-" + UUID.randomUUID());
    writer(saver).invoke(Map.of("case", i), thread);
    return writer(saver).getState(thread).values().get(CASES.get(i).key().name());
  }

  static Path sqliteFile;
  static SqliteSaver sqlite;
  static String pgBase;
  static String pgSchema;
  static PostgresSaver postgres;
  static TrellisServer server;
  static ApiClient http;

  @BeforeAll
  static void open() throws Exception {
    sqliteFile = Files.createTempDirectory("opencouch-records").resolve("checkpoints.db");
    sqlite = SqliteSaver.open(sqliteFile);
    pgBase = System.getenv("TRELLIS_PG_URL");
    assertNotNull(pgBase, "TRELLIS_PG_URL is not set: run the tests with mvnl");
    pgSchema = "couch_records_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    try (Connection c = DriverManager.getConnection(pgBase); var st = c.createStatement()) {
      st.execute("CREATE SCHEMA " + pgSchema);
    }
    postgres = PostgresSaver.connect(pgBase + (pgBase.contains("?") ? "&" : "?") + "currentSchema=" + pgSchema);
    server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(sqliteFile.resolveSibling("server.db"))
        .graph("records", (saver, store) -> writer(saver)).start();
    http = new ApiClient(server.port());
  }

  @AfterAll
  static void close() throws Exception {
    server.close();
    postgres.close();
    sqlite.close();
    try (Connection c = DriverManager.getConnection(pgBase); var st = c.createStatement()) {
      st.execute("DROP SCHEMA IF EXISTS " + pgSchema + " CASCADE");
    }
  }

  @ParameterizedTest
  @MethodSource("cases")
  void aRecordComesBackFromSqliteAsItself(int i) {
    assertEquals(CASES.get(i).value(), roundTrip(sqlite, i), CASES.get(i).name());
  }

  @ParameterizedTest
  @MethodSource("cases")
  void aRecordComesBackFromPostgresAsItself(int i) {
    assertEquals(CASES.get(i).value(), roundTrip(postgres, i), CASES.get(i).name());
  }

  @Test
  void aValueThatIsNoObjectIsRefusedAsWhenTheKeysHeldMaps() {
    for (String key : List.of("crisis", "routing", "response", "pending_question")) {
      ApiClient.Reply r = http.post("/threads/" + UUID.randomUUID() + "/runs/wait", Map.of("assistant_id", "records",
          "if_not_exists", "create", "input", Map.of("case", 0, key, "high")));
      assertEquals(422, r.status(), r.text());
      assertTrue(String.valueOf(r.map().get("detail")).contains("\"input." + key + "\" must be an object"), r.text());
    }
  }

  @ParameterizedTest
  @MethodSource("cases")
  void aRecordShowsTheJsonOfTheMapItReplacedInTheServersState(int i) throws Exception {
    Case c = CASES.get(i);
    String thread = UUID.randomUUID().toString();
    ApiClient.Reply run = http.post("/threads/" + thread + "/runs/wait",
        Map.of("assistant_id", "records", "if_not_exists", "create", "input", Map.of("case", i)));
    assertEquals(200, run.status(), run.text());
    ApiClient.Reply state = http.get("/threads/" + thread + "/state");
    assertEquals(200, state.status(), state.text());
    @SuppressWarnings("unchecked")
    Map<String, Object> values = (Map<String, Object>) state.map().get("values");
    assertEquals(ApiClient.JSON.readValue(c.wire(), Object.class), values.get(c.key().name()), c.name());
  }
}
