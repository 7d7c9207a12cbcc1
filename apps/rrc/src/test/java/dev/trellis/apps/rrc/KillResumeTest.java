package dev.trellis.apps.rrc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.testkit.ChildJvm;
import dev.trellis.testkit.PgSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A worker killed with SIGKILL in the middle of an execution (inside its fourth model call, on
 * PostgreSQL): another server process takes the run over when the lease expires and resumes from
 * the last checkpoint — the tools that had run are not run again, and the execution ends paused
 * for the pre-filing review as it would have.
 */
class KillResumeTest {
  @Test
  @SuppressWarnings("unchecked")
  void killedExecutionResumesOnAnotherWorkerWithoutRerunningTools() throws Exception {
    Assumptions.assumeTrue(System.getenv("TRELLIS_PG_URL") != null, "TRELLIS_PG_URL is not set");
    Path marker = Files.createTempDirectory("rrc-kill").resolve("reached");
    try (PgSchema db = PgSchema.create("rrc_");
         ChildJvm a = ChildJvm.startServer(RrcServerMain.class, db.url(), "wa", "1500", marker.toString())) {
      String conv = UUID.randomUUID().toString();
      Http.Reply r = new Http(a.port()).post("/threads/" + conv + "/runs", Map.of("assistant_id", "rrc",
          "if_not_exists", "create", "config", Map.of("recursion_limit", RrcGraph.RECURSION_LIMIT),
          "input", Map.of("agent_type", "rule_37", "conversation_id", conv, "execution_id", "kill-1",
              "input", "Prepare a Rule 37 spacing exception for Mitchell Ranch 1H")));
      assertEquals(200, r.status(), r.text());
      String run = (String) r.map().get("run_id");
      for (int i = 0; i < 1500 && !Files.exists(marker); i++) {
        Thread.sleep(20);
      }
      assertTrue(Files.exists(marker), "worker A never reached its fourth model call");
      assertEquals(137, a.kill9(), "killed with SIGKILL");
      try (ChildJvm b = ChildJvm.startServer(RrcServerMain.class, db.url(), "wb", "1500", "-")) {
        Http.Reply joined = new Http(b.port()).get("/threads/" + conv + "/runs/" + run + "/join");
        assertEquals(200, joined.status(), joined.text());
        Map<String, Object> s = joined.map();
        assertEquals("awaiting_hitl", s.get("status"), String.valueOf(s.get("messages")));
        List<String> tools = ((List<Map<String, Object>>) s.get("messages")).stream()
            .filter(m -> "tool".equals(m.get("type"))).map(m -> (String) m.get("name")).toList();
        assertEquals(List.of("entity_resolve", "context_assemble", "spacing_assessment", "offset_well_analysis",
            "good_cause_narrative", "rule37_filing_assembly"), tools, "each tool once, in order");
      }
    }
  }
}
