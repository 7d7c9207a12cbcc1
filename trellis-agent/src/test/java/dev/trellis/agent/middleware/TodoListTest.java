package dev.trellis.agent.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The write_todos tool, the todos key, the prompt addition and the one-call-per-answer rule. */
class TodoListTest {
  static Message.Ai write(String id, List<Map<String, Object>> todos) {
    return new Message.Ai(null, "", List.of(new Message.ToolCall(id, "write_todos", Map.of("todos", todos))), null);
  }

  @SuppressWarnings("unchecked")
  static List<Message> messages(State s) {
    return (List<Message>) s.get("messages");
  }

  @Test
  void writeTodosStoresTheListAndAnswersWithItsPythonForm() {
    ScriptedChatModel model = ScriptedChatModel.replies(
        write("t1", List.of(Map.of("status", "in_progress", "content", "Read the brief"),
            Map.of("content", "Don't panic", "status", "pending"))),
        Message.ai("Done."));
    State out = Agent.builder(model).middleware(new TodoList()).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("plan it"))));
    assertEquals(List.of(Map.of("content", "Read the brief", "status", "in_progress"),
        Map.of("content", "Don't panic", "status", "pending")), out.get("todos"));
    // The text LangChain writes: f"Updated todo list to {todos}", a Python repr with content before status.
    assertEquals("Updated todo list to [{'content': 'Read the brief', 'status': 'in_progress'}, "
        + "{'content': \"Don't panic\", 'status': 'pending'}]", messages(out).get(2).text());
    assertEquals("t1", ((Message.Tool) messages(out).get(2)).toolCallId());
    assertEquals("write_todos", ((Message.Tool) messages(out).get(2)).name());
  }

  @Test
  void everyModelCallGetsThePromptAppendedAndTheTool() {
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("hi"));
    Agent.builder(model).systemPrompt("Be brief.").middleware(new TodoList("TODO RULES", "keeps todos"))
        .compile(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of(Message.human("hello"))));
    var request = model.requests().getFirst();
    assertEquals("Be brief.\n\nTODO RULES", request.messages().getFirst().text());
    assertEquals(List.of("write_todos"), request.tools().stream().map(t -> t.name()).toList());
    assertEquals("keeps todos", request.tools().getFirst().description());
  }

  @Test
  void withoutASystemPromptTheTodoPromptIsTheSystemPrompt() {
    ScriptedChatModel model = ScriptedChatModel.replies(Message.ai("hi"));
    Agent.builder(model).middleware(new TodoList()).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("hello"))));
    assertEquals(TodoList.DEFAULT_SYSTEM_PROMPT, model.requests().getFirst().messages().getFirst().text());
  }

  @Test
  void twoWriteTodosCallsInOneAnswerAreBothRefusedAndNothingIsStored() {
    Message.Ai twice = new Message.Ai(null, "", List.of(
        new Message.ToolCall("a", "write_todos", Map.of("todos", List.of())),
        new Message.ToolCall("b", "write_todos", Map.of("todos", List.of()))), null);
    ScriptedChatModel model = ScriptedChatModel.replies(twice, Message.ai("sorry"));
    State out = Agent.builder(model).middleware(new TodoList()).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("plan"))));
    List<Message> m = messages(out);
    assertEquals(List.of(TodoList.PARALLEL_ERROR, TodoList.PARALLEL_ERROR), List.of(m.get(2).text(), m.get(3).text()));
    assertTrue(((Message.Tool) m.get(2)).error());
    assertNull(((Message.Tool) m.get(2)).name(), "LangChain's refusals name no tool");
    assertNull(out.get("todos"));
    assertEquals("sorry", m.getLast().text(), "the model is asked again");
  }

  @Test
  void anInvalidListIsAnErrorTheModelSeesInLangChainsWords() {
    Map<String, Object> first = new java.util.LinkedHashMap<>();  // in order, as the model wrote it
    first.put("content", "x");
    first.put("status", "doing");
    List<Object> todos = List.of(first, Map.of("status", "pending"), "str");
    ScriptedChatModel model = ScriptedChatModel.replies(
        new Message.Ai(null, "", List.of(new Message.ToolCall("t1", "write_todos", Map.of("todos", todos))), null),
        Message.ai("fixed"));
    State out = Agent.builder(model).middleware(new TodoList()).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("plan"))));
    Message.Tool answer = (Message.Tool) messages(out).get(2);
    assertTrue(answer.error());
    // LangChain 1.4.2 (pydantic) answers the same call with exactly these lines.
    assertEquals("Error invoking tool 'write_todos' with kwargs {'todos': [{'content': 'x', 'status': 'doing'}, "
        + "{'status': 'pending'}, 'str']} with error:\n todos.0.status: Input should be 'pending', 'in_progress' or "
        + "'completed'\ntodos.1.content: Field required\ntodos.2: Input should be a valid dictionary\n Please fix the "
        + "error and try again.", answer.text());
    assertNull(out.get("todos"), "nothing stored");
  }
}
