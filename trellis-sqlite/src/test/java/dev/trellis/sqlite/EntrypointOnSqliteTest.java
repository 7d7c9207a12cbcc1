package dev.trellis.sqlite;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.trellis.func.Entrypoint;
import dev.trellis.func.Task;
import dev.trellis.func.WorkflowContext;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A workflow paused in one "process" (saver instance) and resumed in another, on a real SQLite file. */
class EntrypointOnSqliteTest {
  record Draft(String title, List<String> sections) {}

  @Test
  void taskResultsSurviveInTheFileAndAreNotRecomputed() throws Exception {
    Path file = Files.createTempDirectory("ep").resolve("ep.db");
    AtomicInteger drafts = new AtomicInteger();
    Task<String, Draft> write = Task.of("write", (topic, rt) -> {
      drafts.incrementAndGet();
      return new Draft(topic, List.of("intro", "body"));
    });
    dev.trellis.func.Workflow<String, Map<String, Object>> body = (String topic, WorkflowContext ctx) -> {
      Draft d = ctx.call(write, topic).get();
      String verdict = ctx.interrupt("approve " + d.title() + "?");
      return Map.of("draft", d, "verdict", verdict);
    };
    RunConfig t = RunConfig.thread("doc");
    try (SqliteSaver first = SqliteSaver.open(file)) {
      assertNull(Entrypoint.of("doc", body, CompileOptions.checkpointer(first)).invoke("filing", t));
    }
    try (SqliteSaver second = SqliteSaver.open(file)) {
      Map<String, Object> out = Entrypoint.of("doc", body, CompileOptions.checkpointer(second)).resume("approved", t);
      assertEquals(new Draft("filing", List.of("intro", "body")), out.get("draft"));
      assertEquals("approved", out.get("verdict"));
    }
    assertEquals(1, drafts.get());
  }
}
