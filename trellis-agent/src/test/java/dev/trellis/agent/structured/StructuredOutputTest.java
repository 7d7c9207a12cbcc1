package dev.trellis.agent.structured;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Schemas from records, reading answers with errors that name the path, retries, and the agent's response format. */
class StructuredOutputTest {
  enum Priority { LOW, HIGH }

  record Item(String name, int qty) {}

  @Description("A support ticket")
  record Ticket(@Description("one-line summary") String title, Priority priority, List<Item> items,
      Optional<String> assignee) {}

  @Test
  @SuppressWarnings("unchecked")
  void schemasFollowRecordsWithNestingListsEnumsOptionalAndDescriptions() {
    Map<String, Object> s = JsonSchemas.of(Ticket.class);
    assertEquals("Ticket", s.get("title"));
    assertEquals("A support ticket", s.get("description"));
    assertEquals(List.of("title", "priority", "items"), s.get("required"));
    Map<String, Object> props = (Map<String, Object>) s.get("properties");
    assertEquals(Map.of("type", "string", "description", "one-line summary"), props.get("title"));
    assertEquals(Map.of("type", "string", "enum", List.of("LOW", "HIGH")), props.get("priority"));
    Map<String, Object> items = (Map<String, Object>) props.get("items");
    assertEquals("array", items.get("type"));
    assertEquals(Map.of("name", Map.of("type", "string"), "qty", Map.of("type", "integer")),
        ((Map<String, Object>) items.get("items")).get("properties"));
    assertEquals(Map.of("type", "string"), props.get("assignee"));
  }

  @Test
  void unsupportedComponentTypesAreRefusedByName() {
    record Bad(Object anything) {}
    var e = assertThrows(IllegalArgumentException.class, () -> JsonSchemas.of(Bad.class));
    assertTrue(e.getMessage().startsWith("Bad.anything:"), e.getMessage());
  }

  @Test
  void answersAreReadIntoRecordsOrRefusedNamingThePath() {
    var format = StructuredOutput.of(Ticket.class);
    Ticket t = format.readText("```json\n{\"title\": \"Printer\", \"priority\": \"HIGH\", "
        + "\"items\": [{\"name\": \"toner\", \"qty\": 2}]}\n```");
    assertEquals(new Ticket("Printer", Priority.HIGH, List.of(new Item("toner", 2)), Optional.empty()), t);
    var e = assertThrows(StructuredOutputException.class, () -> format.read(Map.of("title", "x", "priority", "LOW",
        "items", List.of(Map.of("name", "a", "qty", 1), Map.of("name", "b", "qty", "two")))));
    assertTrue(e.getMessage().contains("$.items[1].qty should be a number, got two"), e.getMessage());
  }

  @Test
  void callRetriesShowingTheModelItsError() throws Exception {
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("{\"title\": \"x\"}"),
        Message.ai("{\"title\": \"x\", \"priority\": \"LOW\", \"items\": []}"));
    Ticket t = StructuredOutput.call(model, List.of(Message.human("file a ticket")), Ticket.class);
    assertEquals("x", t.title());
    ChatRequest retry = model.requests().get(1);
    assertTrue(retry.messages().getLast().text().contains("$.priority is missing"), retry.messages().getLast().text());
    assertEquals(JsonSchemas.of(Ticket.class), retry.responseSchema(), "the schema travels as the response format");
  }

  @Test
  void retriesAreBounded() {
    ScriptedChatModel model = new ScriptedChatModel(r -> Message.ai("not json"));
    assertThrows(StructuredOutputException.class,
        () -> StructuredOutput.call(model, List.of(Message.human("x")), Ticket.class));
    assertEquals(3, model.requests().size());
  }

  static Message.Ai toolCall(String name, Map<String, Object> args) {
    return new Message.Ai(null, "", List.of(new Message.ToolCall("r" + args.hashCode(), name, args)), null);
  }

  @Test
  void anAgentWithoutNativeSupportAnswersThroughATool() {
    Tool lookup = Tool.of(new ToolSpec("lookup", "", null), (a, c) -> "printer out of toner");
    ScriptedChatModel model = ScriptedChatModel.replies(
        toolCall("lookup", Map.of()),
        toolCall("Ticket", Map.of("title", "Printer")),
        toolCall("Ticket", Map.of("title", "Printer", "priority", "HIGH", "items", List.of(Map.of("name", "toner", "qty", 1)))));
    State out = Agent.builder(model).tools(lookup).responseFormat(Ticket.class).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("printer broken"))));
    Ticket t = (Ticket) out.get(Agent.STRUCTURED_RESPONSE);
    assertEquals(Priority.HIGH, t.priority());
    assertEquals(List.of("lookup", "Ticket"), model.requests().getFirst().tools().stream().map(ToolSpec::name).toList());
    Message retryShown = model.requests().get(2).messages().getLast();
    assertTrue(retryShown instanceof Message.Tool tm && tm.text().startsWith("Error: Failed to parse structured output"
        + " for tool 'Ticket': ") && tm.text().contains("$.priority is missing")
        && tm.text().endsWith(".\n Please fix your mistakes."), retryShown.text());
    assertEquals(3, model.requests().size(), "the run ends with the valid answer");
  }

  @Test
  void anAgentOnANativeModelSendsTheSchemaAndReadsTheText() {
    ScriptedChatModel scripted = ScriptedChatModel.replies(Message.ai("{\"title\": \"t\", \"priority\": \"LOW\", \"items\": []}"));
    ChatModel nativeModel = new ChatModel() {
      @Override
      public Message.Ai chat(ChatRequest request) {
        return scripted.chat(request);
      }

      @Override
      public boolean supportsStructuredOutput() {
        return true;
      }
    };
    State out = Agent.builder(nativeModel).responseFormat(Ticket.class).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("x"))));
    assertEquals(new Ticket("t", Priority.LOW, List.of(), Optional.empty()), out.get(Agent.STRUCTURED_RESPONSE));
    assertEquals(JsonSchemas.of(Ticket.class), scripted.requests().getFirst().responseSchema());
    assertTrue(scripted.requests().getFirst().tools().isEmpty());
  }

  @Test
  void aPromptAndSchemaVariantGivesAMap() {
    ScriptedChatModel model = ScriptedChatModel.replies(toolCall("Sentiment", Map.of("label", "positive")));
    State out = Agent.builder(model).responseFormat("Classify the sentiment.", Map.of("title", "Sentiment",
        "type", "object", "properties", Map.of("label", Map.of("type", "string")), "required", List.of("label")))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of(Message.human("I love it"))));
    assertEquals(Map.of("label", "positive"), out.get(Agent.STRUCTURED_RESPONSE));
    assertEquals("Classify the sentiment.", model.requests().getFirst().tools().getFirst().description());
  }

  @Test
  void theTypedAnswerSurvivesACheckpointer() throws Exception {
    ScriptedChatModel model = ScriptedChatModel.replies(toolCall("Ticket", Map.of("title", "t", "priority", "LOW",
        "items", List.of())));
    java.nio.file.Path db = java.nio.file.Files.createTempFile("structured", ".db");
    try (var saver = dev.trellis.sqlite.SqliteSaver.open(db)) {
      var agent = Agent.builder(model).responseFormat(Ticket.class).compile(CompileOptions.checkpointer(saver));
      var t = dev.trellis.graph.RunConfig.thread("typed");
      agent.invoke(Map.of("messages", List.of(Message.human("x"))), t);
      Object stored = agent.getState(t).values().get("structured_response");
      assertEquals(new Ticket("t", Priority.LOW, List.of(), Optional.empty()), stored);
    }
  }
}
