package dev.trellis.agent.middleware.pii;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Where the PII middleware looks in an agent run, and what state keeps. */
class PiiTest {
  static final Tool LOOKUP = Tool.of(new ToolSpec("lookup", "find a customer", null),
      (a, c) -> "customer mail: carol@corp.example.com");

  @SuppressWarnings("unchecked")
  static List<Message> messages(State s) {
    return (List<Message>) s.get("messages");
  }

  @Test
  void userInputIsRedactedBeforeTheModelSeesItAndInState() {
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("noted"));
    State out = Agent.builder(model).middleware(Pii.of("email"))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of(Message.human("I am alice@example.com"))));
    assertEquals("I am [REDACTED_EMAIL]", model.requests().getFirst().messages().getFirst().text());
    assertEquals("I am [REDACTED_EMAIL]", messages(out).getFirst().text());
    assertEquals(2, messages(out).size(), "the redacted message replaced the original under its id");
  }

  @Test
  void modelOutputIsMaskedOnlyWhenAskedAndToolCallsAreKept() {
    Message.Ai answer = new Message.Ai(null, "Your card 4111-1111-1111-1111 is on file",
        List.of(new Message.ToolCall("c1", "lookup", Map.of("card", "4111-1111-1111-1111"))), null);
    ScriptedChatModel model = ScriptedChatModel.replies(answer, Message.ai("done"));
    State out = Agent.builder(model).tools(LOOKUP)
        .middleware(Pii.of("credit_card").strategy(PiiStrategy.MASK).applyToInput(false).applyToOutput(true))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of(Message.human("card?"))));
    Message.Ai ai = assertInstanceOf(Message.Ai.class, messages(out).get(1));
    assertEquals("Your card ****-****-****-1111 is on file", ai.text());
    assertEquals("4111-1111-1111-1111", ai.toolCalls().getFirst().args().get("card"),
        "LangChain rewrites the text only, not the arguments");
  }

  @Test
  void streamedTokensAreRedactedEvenWhenDataIsSplitAcrossThem() {
    // The scripted model streams word by word, and this model splits the address itself.
    ScriptedChatModel model = new ScriptedChatModel(r -> Message.ai("Write to ana@example.com today"));
    var agent = Agent.builder(new dev.trellis.agent.model.ChatModel() {
      @Override
      public Message.Ai chat(dev.trellis.agent.model.ChatRequest request) throws Exception {
        return model.chat(request);
      }

      @Override
      public Message.Ai stream(dev.trellis.agent.model.ChatRequest request, java.util.function.Consumer<String> tokens)
          throws Exception {
        for (String t : List.of("Write to an", "a@exam", "ple.com today")) {
          tokens.accept(t);
        }
        return model.chat(request);
      }
    }).middleware(Pii.of("email").applyToInput(false).applyToOutput(true)).compile(CompileOptions.DEFAULT);
    StringBuilder streamed = new StringBuilder();
    try (var s = agent.stream(Map.of("messages", List.of(Message.human("hi"))), dev.trellis.graph.RunConfig.DEFAULT,
        dev.trellis.stream.StreamMode.MESSAGES)) {
      for (var p : s) {
        if (p instanceof dev.trellis.stream.StreamPart.MessageChunk c) {
          streamed.append(c.text());
        }
      }
    }
    assertEquals("Write to [REDACTED_EMAIL] today", streamed.toString());
  }

  @Test
  void theRedactingModelKeepsTheWrappedModelsStructuredOutputAndName() {
    var model = new dev.trellis.agent.model.ChatModel() {
      @Override
      public Message.Ai chat(dev.trellis.agent.model.ChatRequest request) {
        return Message.ai("x");
      }

      @Override
      public boolean supportsStructuredOutput() {
        return true;
      }

      @Override
      public String provider() {
        return "acme";
      }

      @Override
      public String name() {
        return "acme-large";
      }
    };
    RedactingModel redacting = new RedactingModel(model, Pii.of("email"));
    assertEquals(true, redacting.supportsStructuredOutput());
    assertEquals("acme", redacting.provider());
    assertEquals("acme-large", redacting.name());
  }

  @Test
  void toolResultsAreHashedBeforeTheNextModelCall() {
    ScriptedChatModel model = ScriptedChatModel.replies(
        new Message.Ai(null, "", List.of(new Message.ToolCall("c1", "lookup", Map.of())), null), Message.ai("ok"));
    State out = Agent.builder(model).tools(LOOKUP)
        .middleware(Pii.of("email").strategy(PiiStrategy.HASH).applyToToolResults(true))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of(Message.human("who?"))));
    String hashed = "customer mail: <email_hash:" + sha8("carol@corp.example.com") + ">";
    assertEquals(hashed, messages(out).get(2).text());
    assertEquals(hashed, model.requests().get(1).messages().get(2).text());
  }

  @Test
  void blockFailsTheRunBeforeTheModelIsCalled() {
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("never"));
    var agent = Agent.builder(model).middleware(Pii.regex("api_key", "sk-[a-z0-9]{8}").strategy(PiiStrategy.BLOCK))
        .compile(CompileOptions.DEFAULT);
    Exception e = assertThrows(Exception.class,
        () -> agent.invoke(Map.of("messages", List.of(Message.human("use sk-abcd1234")))));
    Throwable cause = e;
    while (cause != null && !(cause instanceof PiiDetectionException)) {
      cause = cause.getCause();
    }
    assertInstanceOf(PiiDetectionException.class, cause, "the failure says PII was found: " + e);
    assertEquals(0, model.requests().size());
  }

  @Test
  void nodesAreNamedPerTypeAsInLangChain() {
    var graph = Agent.builder(ScriptedChatModel.replies()).middleware(Pii.of("email"), Pii.of("url"))
        .compile(CompileOptions.DEFAULT);
    var nodes = graph.view().nodes().stream().map(dev.trellis.draw.GraphView.Node::id).toList();
    for (String n : List.of("PIIMiddleware[email].before_model", "PIIMiddleware[email].after_model",
        "PIIMiddleware[url].before_model", "PIIMiddleware[url].after_model")) {
      org.junit.jupiter.api.Assertions.assertTrue(nodes.contains(n), n + " in " + nodes);
    }
  }

  static String sha8(String s) {
    try {
      return java.util.HexFormat.of().formatHex(java.security.MessageDigest.getInstance("SHA-256")
          .digest(s.getBytes(java.nio.charset.StandardCharsets.UTF_8))).substring(0, 8);
    } catch (Exception e) {
      throw new AssertionError(e);
    }
  }
}
