package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.server.TrellisServer;
import dev.trellis.sqlite.SqliteDatabase;
import dev.trellis.testkit.PgSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * The knowledge graph lives in the server's database: the bundled dataset is seeded into its
 * tables once however often the app starts, users' entities survive restarts, and two server
 * processes on one PostgreSQL see the same entities.
 */
class KnowledgeGraphTest {
  @Test
  void seedingAgainKeepsTheDatasetOnceAndUsersChanges() throws Exception {
    Path dir = Files.createTempDirectory("rrc-kg");
    try (SqliteDatabase db = SqliteDatabase.open(dir.resolve("kg.db"), "NORMAL")) {
      KnowledgeGraph kg = KnowledgeGraph.open(db);
      kg.createEntity("operator-x1", "operator", "Lone Star Flaring LLC", "{}", "call_1");
      kg.updateEntity("op-redfork", "Red Fork Resources Holdings Inc", "{\"hq\":\"Tulsa\"}");
      kg.link("operator-x1", "operates", "well-42-389-20001", "call_2");
      KnowledgeGraph again = KnowledgeGraph.open(db);   // the next start of the app
      assertTrue(again.resolve("Mitchell Ranch 1H").decisive(), "the bundled well is there once");
      assertEquals(1, again.countNamed("Lone Star Flaring LLC"));
      assertEquals("Red Fork Resources Holdings Inc", again.entity("op-redfork").get("name"), "a rename is not reseeded away");
      assertEquals("{\"hq\":\"Tulsa\"}", again.entity("op-redfork").get("attributes"));
      assertEquals(List.of(Map.of("from_id", "operator-x1", "relation", "operates", "to_id", "well-42-389-20001")),
          again.context("well-42-389-20001").get("links"));
    }
  }

  @Test
  void mutationsAreIdempotentAndNameUnknownEntities() throws Exception {
    try (SqliteDatabase db = SqliteDatabase.open(Files.createTempDirectory("rrc-kg").resolve("kg.db"), "NORMAL")) {
      KnowledgeGraph kg = KnowledgeGraph.open(db);
      kg.updateEntity("op-caprock", "Caprock Midstream LP", null);
      kg.updateEntity("op-caprock", "Caprock Midstream LP", null);
      assertEquals("Caprock Midstream LP", kg.entity("op-caprock").get("name"));
      kg.link("op-caprock", "operates", "lease-coyote-draw", "c1");
      kg.link("op-caprock", "operates", "lease-coyote-draw", "c1");
      assertEquals(1, kg.links("op-caprock").size());
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
          () -> kg.link("op-caprock", "operates", "well-nope", "c2"));
      assertTrue(e.getMessage().contains("well-nope"), e.getMessage());
      assertThrows(IllegalArgumentException.class, () -> kg.updateEntity("nope", "x", null));
    }
  }

  @Test
  void twoServersOnOnePostgresSeeTheSameEntities() {
    Assumptions.assumeTrue(System.getenv("TRELLIS_PG_URL") != null, "TRELLIS_PG_URL is not set");
    AtomicReference<KnowledgeGraph> kgA = new AtomicReference<>();
    AtomicReference<KnowledgeGraph> kgB = new AtomicReference<>();
    try (PgSchema pg = PgSchema.create("rrc_kg_");
         TrellisServer a = server(pg.url(), "wa", kgA);
         TrellisServer b = server(pg.url(), "wb", kgB)) {
      Http httpA = new Http(a.port());
      Http httpB = new Http(b.port());
      String conv = UUID.randomUUID().toString();
      Map<String, Object> first = execute(httpA, conv, "Create operator Permian Flare Co.");
      assertEquals("awaiting_hitl", first.get("status"), first.toString());
      assertEquals(200, httpB.post("/approvals/" + first.get("hitl_approval_id") + "/decision",
          Map.of("decision", "approved", "reviewer", "alice")).status(), "the approval is in the shared database too");
      Map<String, Object> second = execute(httpA, conv, null);
      assertEquals("completed", second.get("status"), second.toString());
      String created = (String) ((Map<?, ?>) kgA.get().resolve("Permian Flare Co").candidates().getFirst()).get("entity_id");
      assertTrue(kgB.get().resolve("Permian Flare Co").decisive(), "server B's graph sees server A's entity");
      assertNotNull(kgB.get().entity(created));
      assertTrue(kgB.get().resolve("Mitchell Ranch 1H").decisive(), "seeded by both servers, present once");
      Map<String, Object> resolved = execute(httpB, UUID.randomUUID().toString(), "Resolve the operators Permian Flare Co.");
      assertTrue(Wire.lastAiText(HumanApprovalTest.messages(resolved)).contains("Permian Flare Co = " + created),
          Wire.lastAiText(HumanApprovalTest.messages(resolved)));
    }
  }

  private static TrellisServer server(String url, String worker, AtomicReference<KnowledgeGraph> kg) {
    return TrellisServer.builder().port(0).host("127.0.0.1").postgres(url).workerId(worker)
        .provider(new RrcProvider(app -> {
          RrcDeps deps = RrcDeps.open(app.database(), Clock.systemUTC()).withModel(new PlannerModel());
          kg.set(deps.kg());
          return deps;
        }))
        .start();
  }

  private static Map<String, Object> execute(Http http, String conv, String message) {
    Map<String, Object> body = new java.util.LinkedHashMap<>(Map.of("conversation_id", conv, "agent_type", "rule_37"));
    if (message != null) {
      body.put("message", message);
    }
    Http.Reply r = http.post("/execute", body);
    assertEquals(200, r.status(), r.text());
    return r.map();
  }
}
