package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.middleware.HumanInTheLoop;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.graph.CompileOptions;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Trellis Studio's pure modules under node's test runner ({@code src/test/studio/modules.test.mjs}),
 * and the Studio in a real browser: {@code src/test/studio/studio-test.mjs} drives Debian's
 * chromium with {@code playwright-core} (npm, pinned) against this server on port 0 serving the
 * test graphs, an offline chat agent and one whose emails wait for review — assistants, graph, a
 * run streamed to its interrupt, resume, history, diff, fork, chat, a human-in-the-loop review,
 * store, thread search, runs, crons, a busy thread followed live, cancelling a queued run, xray,
 * a new assistant version, an error's detail and dark mode. Screenshots land in
 * target/studio-screenshots.
 */
class StudioBrowserTest {
  static final Path DIR = Path.of("src/test/studio");
  static final Path CHROMIUM = Path.of(System.getenv().getOrDefault("CHROMIUM", "/usr/bin/chromium"));

  /** The demo agent: asks the weather tool about what the user wrote, then answers with what it said. */
  static Agent.Builder agent() {
    Tool weather = Tool.of(new ToolSpec("weather", "the weather in a city",
        Map.of("type", "object", "properties", Map.of("city", Map.of("type", "string")))),
        (args, ctx) -> "sunny and 21°C in " + args.get("city"));
    ScriptedChatModel model = new ScriptedChatModel(req -> req.messages().getLast() instanceof Message.Tool t
        ? new Message.Ai(null, "The weather tool says: " + t.text() + ".", List.of(), null)
        : new Message.Ai(null, "", List.of(new Message.ToolCall("call-" + req.messages().size(), "weather",
            Map.of("city", req.messages().getLast().text()))), null));
    return Agent.builder(model).tools(weather);
  }

  /** An agent whose emails wait for a human review (approve, edit, reject or respond) before they go out. */
  static Agent.Builder mailer() {
    Tool email = Tool.of(new ToolSpec("send_email", "send an email", Map.of("type", "object", "properties",
        Map.of("to", Map.of("type", "string"), "body", Map.of("type", "string")))),
        (args, ctx) -> "sent to " + args.get("to"));
    ScriptedChatModel model = new ScriptedChatModel(req -> req.messages().getLast() instanceof Message.Tool t
        // an edited call's result starts with a note on the edit; the tool's own answer is its last line
        ? new Message.Ai(null, "Done: " + t.text().substring(t.text().lastIndexOf('\n') + 1) + ".", List.of(), null)
        : new Message.Ai(null, "", List.of(new Message.ToolCall("mail-" + req.messages().size(), "send_email",
            Map.of("to", req.messages().getLast().text(), "body", "lunch at noon"))), null));
    return Agent.builder(model).tools(email).middleware(new HumanInTheLoop().interruptOn("send_email"));
  }

  /** A graph whose application serves a topology manifest, named by its system assistant's metadata. */
  static final class TopoProvider implements GraphProvider {
    static final Map<String, Object> MANIFEST = Map.of("name", "topo", "stages", List.of("a"),
        "edge_types", List.of("entry", "sequence", "conditional"),
        "edges", List.of(Map.of("source", "__start__", "target", "a", "type", "entry"),
            Map.of("source", "a", "target", "a", "type", "sequence"),
            Map.of("source", "a", "target", "__end__", "type", "conditional", "condition", "done")),
        "conditions", List.of("done"));

    @Override
    public String graphId() {
      return "topo";
    }

    @Override
    public Map<String, Object> assistantMetadata() {
      return Map.of("manifest", "/apps/topo/manifest");
    }

    @Override
    public List<dev.trellis.server.route.Routes> routes() {
      return List.of(r -> r.get("/apps/topo/manifest", ctx -> dev.trellis.server.route.Http.json(ctx, MANIFEST)));
    }

    @Override
    public dev.trellis.core.CompiledGraph build(dev.trellis.checkpoint.CheckpointSaver saver,
                                                 dev.trellis.checkpoint.store.Store store) {
      return dev.trellis.core.StateGraph.of(dev.trellis.graph.Schema.of(dev.trellis.graph.Key.of("n", Integer.class)))
          .addNode("a", (s, rt) -> dev.trellis.graph.Update.empty())
          .addEdge(dev.trellis.core.StateGraph.START, "a")
          .compile(CompileOptions.checkpointer(saver).withName("topo"));
    }
  }

  static void npmCi() throws IOException, InterruptedException {
    if (Files.isDirectory(DIR.resolve("node_modules/playwright-core"))) {
      return;
    }
    Process p = new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund").directory(DIR.toFile())
        .redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), "npm ci failed:\n" + out);
  }

  @Test
  void studioModulesLayOutGraphsDiffStatesTraceBranchesAndParseEvents() throws Exception {
    Process node = new ProcessBuilder("node", "--test", "modules.test.mjs").directory(DIR.toFile()).redirectErrorStream(true).start();
    String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, node.waitFor(), "the module tests failed:\n" + out);
    assertTrue(out.contains("# pass 10") && out.contains("# fail 0"), out);
  }

  @Test
  void studioDrivesGraphsThreadsTimeTravelChatAndStoreInChromium() throws Exception {
    assertTrue(Files.isExecutable(CHROMIUM), "no " + CHROMIUM + ": install Debian's chromium (bin/test does)");
    npmCi();
    Path shots = Path.of("target/studio-screenshots").toAbsolutePath();
    try (TrellisServer server = TestServers.builder().sqlite(TestServers.tempDir().resolve("studio.db"))
        .graph("agent", (saver, store) -> agent().compile(CompileOptions.checkpointer(saver).withStore(store).withName("agent")))
        .graph("mailer", (saver, store) -> mailer().compile(CompileOptions.checkpointer(saver).withStore(store).withName("mailer")))
        .provider(new TopoProvider())
        .start()) {
      ProcessBuilder pb = new ProcessBuilder("node", "studio-test.mjs").directory(DIR.toFile()).redirectErrorStream(true);
      pb.environment().put("TRELLIS_URL", "http://127.0.0.1:" + server.port());
      pb.environment().put("SCREENSHOTS", shots.toString());
      Process node = pb.start();
      String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      if (!node.waitFor(180, TimeUnit.SECONDS)) {
        node.destroyForcibly();
      }
      assertEquals(0, node.exitValue(), "the browser test failed:\n" + out);
      for (String step : List.of("assistants", "graph", "run-streams-to-interrupt", "resume", "history", "diff", "fork",
          "replay", "chat", "human-review", "store", "threads-search", "runs-and-crons", "busy-thread-followed", "runs-cancel",
          "run-cancelled-while-streaming", "xray", "new-version", "error-detail", "manifest", "dark")) {
        assertTrue(out.contains("ok " + step + "\n"), "step " + step + " missing:\n" + out);
      }
      assertTrue(out.contains("STUDIO OK"), out);
      assertTrue(Files.exists(shots.resolve("07-fork.png")), "screenshots saved");
    }
  }
}
