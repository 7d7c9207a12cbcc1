package dev.trellis.server;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.middleware.ExitBehavior;
import dev.trellis.agent.middleware.HumanInTheLoop;
import dev.trellis.agent.middleware.ModelCallLimit;
import dev.trellis.agent.middleware.Summarization;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.agent.ui.GenerativeUi;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Schema;
import dev.trellis.graph.Update;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * An agent with summarization, human review, call limits and a typed answer, and a node pushing
 * a message and generative UI, served over the API and driven by the real
 * {@code @langchain/langgraph-sdk} (src/test/js/agent-sdk-test.mjs).
 */
class AgentSdkTest {
  /** The answer the agent gives: who was emailed and whether it went out. */
  record Receipt(String to, boolean sent) {}

  /**
   * Summarises when asked to; otherwise emails the person the user names, then answers with
   * a Receipt tool call saying whether the email went out.
   */
  static Message.Ai script(ChatRequest req) {
    Message first = req.messages().getFirst();
    if (first.text().startsWith("Summarise")) {
      return Message.ai("Bob's lunch email went to Alice.");
    }
    Message last = req.messages().getLast();
    if (last instanceof Message.Tool t && t.name().equals("send_email")) {
      String to = t.error() ? t.text().toLowerCase().replaceAll("(?s).*(carol|bob|dave).*", "$1") : t.text().substring(t.text().lastIndexOf("sent to ") + 8);
      return new Message.Ai(null, "", List.of(new Message.ToolCall("r" + req.messages().size(), "Receipt",
          Map.of("to", to.toLowerCase(), "sent", !t.error()))), new Message.Usage(20, 5));
    }
    String text = last.text().toLowerCase();
    String who = text.contains("carol") ? "carol" : text.contains("dave") ? "dave" : "bob";
    return new Message.Ai(null, "", List.of(new Message.ToolCall("e" + req.messages().size(), "send_email",
        Map.of("to", who, "body", "lunch is at noon"))), new Message.Usage(20, 5));
  }

  /** A node that pushes a message and a weather card tied to it, then updates the card. */
  static StateGraph uiGraph() {
    StateGraph g = StateGraph.of(Schema.of(Messages.KEY, GenerativeUi.KEY));
    g.addNode("weather", (s, rt) -> {
      Message note = Messages.push(rt, Message.ai("Here is the weather in Oslo."));
      GenerativeUi.push(rt, "weather", Map.of("city", "Oslo"), "card-1", null, note, false);
      GenerativeUi.push(rt, "weather", Map.of("temp", 21), "card-1", null, note, true);
      return Update.empty();
    });
    g.addEdge(StateGraph.START, "weather");
    return g;
  }

  static TrellisServer server() {
    Tool email = Tool.of(new ToolSpec("send_email", "send an email", Map.of("type", "object", "properties",
        Map.of("to", Map.of("type", "string"), "body", Map.of("type", "string")), "required", List.of("to", "body"))),
        (a, ctx) -> "sent to " + a.get("to"));
    ScriptedChatModel model = new ScriptedChatModel(AgentSdkTest::script);
    ScriptedChatModel looping = new ScriptedChatModel(req -> new Message.Ai(null, "", List.of(
        new Message.ToolCall("l" + req.messages().size(), "send_email", Map.of("to", "x", "body", "y"))), null));
    return TrellisServer.builder().port(0).host("127.0.0.1").sqlite(TestServers.tempDir().resolve("agent.db"))
        .graph("agent", (saver, store) -> Agent.builder(model).tools(email)
            .middleware(new Summarization(model, 50, 2), new HumanInTheLoop().interruptOn("send_email"),
                new ModelCallLimit(10, 3, ExitBehavior.END))
            .responseFormat(Receipt.class)
            .compile(CompileOptions.checkpointer(saver).withStore(store)))
        .graph("ui", (saver, store) -> uiGraph().compile(CompileOptions.checkpointer(saver).withStore(store)))
        .graph("looping", (saver, store) -> Agent.builder(looping).tools(email).middleware(ModelCallLimit.perRun(2))
            .compile(CompileOptions.checkpointer(saver).withStore(store)))
        .start();
  }

  @Test
  void anAgentWithMiddlewareRunsThroughTheServerAndTheJsSdk() throws Exception {
    SdkClientTest.npmCi();
    try (TrellisServer server = server()) {
      String out = SdkClientTest.node("agent-sdk-test.mjs", "http://127.0.0.1:" + server.port());
      for (String step : List.of("hitl-request", "hitl-edit-structured", "hitl-reject", "summarization", "call-limit",
          "push-message-and-ui")) {
        assertTrue(out.contains("ok " + step + "\n"), "step " + step + " missing:\n" + out);
      }
      assertTrue(out.contains("AGENT SDK OK"), out);
    }
  }
}
