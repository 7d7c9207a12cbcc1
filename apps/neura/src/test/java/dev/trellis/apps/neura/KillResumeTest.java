package dev.trellis.apps.neura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.testkit.ChildJvm;
import dev.trellis.testkit.PgSchema;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A worker killed with SIGKILL between {@code preflight} and {@code navigator}: another
 * worker takes the run over when the lease expires and resumes from the last checkpoint —
 * preflight does not run again, the navigator answers.
 */
class KillResumeTest {
  @Test
  @SuppressWarnings("unchecked")
  void killedTurnResumesWithoutRerunningPreflight() throws Exception {
    Path marker = Files.createTempDirectory("neura-kill").resolve("reached");
    try (PgSchema db = PgSchema.create("neura_");
         ChildJvm a = ChildJvm.startServer(NeuraServerMain.class, db.url(), "wa", "1500", marker.toString())) {
      String thread = NeuraTurn.serverThreadId("kill-1");
      Http.Reply r = new Http(a.port()).post("/threads/" + thread + "/runs", Map.of("assistant_id", "neura",
          "if_not_exists", "create", "input", Map.of("message", "anxiety at night", "patient_id", "pat-1")));
      assertEquals(200, r.status(), r.text());
      String run = (String) r.map().get("run_id");
      for (int i = 0; i < 1000 && !Files.exists(marker); i++) {
        Thread.sleep(20);
      }
      assertTrue(Files.exists(marker), "worker A never reached context_assembly");
      assertEquals(137, a.kill9(), "killed with SIGKILL");
      try (ChildJvm b = ChildJvm.startServer(NeuraServerMain.class, db.url(), "wb", "1500", "-")) {
        Http.Reply joined = new Http(b.port()).get("/threads/" + thread + "/runs/" + run + "/join");
        assertEquals(200, joined.status(), joined.text());
        List<String> stages = (List<String>) joined.map().get("completed_stages");
        assertEquals(List.of("preflight", "assembly_gate", "empathy", "context_assembly", "context_format", "navigator",
            "finalize").stream().sorted().toList(), stages.stream().sorted().toList(), "each stage once: " + stages);
        assertEquals("preflight", stages.getFirst());
      }
    }
  }
}
