package dev.trellis.agent.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.checkpoint.memory.InMemorySaver;
import dev.trellis.core.CompiledGraph;
import dev.trellis.graph.Command;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** Review of tool calls in LangChain's HITL protocol: request shape, approve, edit, reject. */
class HumanInTheLoopTest {
  final List<String> sent = new CopyOnWriteArrayList<>();
  final Tool email = Tool.of(new ToolSpec("send_email", "send an email", null), (args, ctx) -> {
    sent.add(args.get("to") + ": " + args.get("body"));
    return "sent to " + args.get("to");
  });
  final Tool search = Tool.of(new ToolSpec("search", "search the web", null), (args, ctx) -> "found " + args.get("q"));

  static Message.Ai calls(Message.ToolCall... c) {
    return new Message.Ai(null, "", List.of(c), null);
  }

  CompiledGraph agent(ScriptedChatModel model) {
    return Agent.builder(model).tools(email, search)
        .middleware(new HumanInTheLoop().interruptOn("send_email").interruptOn("search", List.of("approve", "reject")))
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
  }

  static final Message.ToolCall EMAIL = new Message.ToolCall("e1", "send_email", Map.of("to", "bob", "body", "hi"));

  @SuppressWarnings("unchecked")
  static List<Message> messages(State s) {
    return (List<Message>) s.get("messages");
  }

  @Test
  @SuppressWarnings("unchecked")
  void reviewConfigsCarryAnArgsSchemaWhereOneWasGiven() {
    Map<String, Object> schema = Map.of("type", "object", "properties", Map.of("to", Map.of("type", "string")));
    CompiledGraph agent = Agent.builder(ScriptedChatModel.replies(calls(EMAIL, new Message.ToolCall("s1", "search", Map.of()))))
        .tools(email, search)
        .middleware(new HumanInTheLoop().interruptOn("send_email").interruptOn("search").argsSchema("send_email", schema))
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
    RunConfig t = RunConfig.thread("schema");
    agent.invoke(Map.of("messages", List.of(Message.human("mail bob"))), t);
    Map<String, Object> request = (Map<String, Object>) agent.getState(t).interrupts().getFirst().value();
    List<Map<String, Object>> reviews = (List<Map<String, Object>>) request.get("review_configs");
    assertEquals(schema, reviews.getFirst().get("args_schema"));
    assertTrue(!reviews.get(1).containsKey("args_schema"), "no schema, no key");
  }

  @Test
  @SuppressWarnings("unchecked")
  void interruptsWithTheHitlRequestShape() {
    ScriptedChatModel model = ScriptedChatModel.replies(calls(EMAIL, new Message.ToolCall("s1", "search", Map.of("q", "x"))));
    CompiledGraph agent = agent(model);
    RunConfig t = RunConfig.thread("shape");
    agent.invoke(Map.of("messages", List.of(Message.human("mail bob"))), t);
    Map<String, Object> request = (Map<String, Object>) agent.getState(t).interrupts().getFirst().value();
    List<Map<String, Object>> actions = (List<Map<String, Object>>) request.get("action_requests");
    assertEquals(List.of("send_email", "search"), actions.stream().map(a -> a.get("name")).toList());
    assertEquals(Map.of("to", "bob", "body", "hi"), actions.getFirst().get("args"));
    assertTrue(((String) actions.getFirst().get("description")).startsWith("Tool execution requires approval\n\nTool: send_email"));
    assertEquals(List.of(Map.of("action_name", "send_email", "allowed_decisions",
            List.of("approve", "edit", "reject", "respond")),
        Map.of("action_name", "search", "allowed_decisions", List.of("approve", "reject"))), request.get("review_configs"));
    assertTrue(sent.isEmpty(), "nothing ran before review");
  }

  @Test
  void approvedCallsRun() {
    ScriptedChatModel model = ScriptedChatModel.replies(calls(EMAIL), Message.ai("Mailed Bob."));
    CompiledGraph agent = agent(model);
    RunConfig t = RunConfig.thread("approve");
    agent.invoke(Map.of("messages", List.of(Message.human("mail bob"))), t);
    State out = agent.invoke(Command.resume(Map.of("decisions", List.of(Map.of("type", "approve")))), t);
    assertEquals(List.of("bob: hi"), sent);
    assertEquals("Mailed Bob.", messages(out).getLast().text());
  }

  @Test
  void editedArgumentsRunInsteadOfTheModels() {
    ScriptedChatModel model = ScriptedChatModel.replies(calls(EMAIL), Message.ai("Mailed."));
    CompiledGraph agent = agent(model);
    RunConfig t = RunConfig.thread("edit");
    agent.invoke(Map.of("messages", List.of(Message.human("mail bob"))), t);
    State out = agent.invoke(Command.resume(Map.of("decisions", List.of(Map.of("type", "edit",
        "edited_action", Map.of("name", "send_email", "args", new java.util.TreeMap<>(Map.of("to", "alice", "body",
            "hello"))))))), t);
    assertEquals(List.of("alice: hello"), sent);
    Message.Ai ai = (Message.Ai) messages(out).get(1);
    assertEquals(Map.of("to", "bob", "body", "hi"), ai.toolCalls().getFirst().args(), "state keeps the model's call");
    assertEquals("e1", ai.toolCalls().getFirst().id());
    Message.Tool result = (Message.Tool) messages(out).get(2);
    assertEquals(HumanInTheLoop.EDIT_NOTICE + " Executed instead: send_email with arguments"
        + " {\"body\": \"hello\", \"to\": \"alice\"}.\n\nTool response:\nsent to alice", result.text(),
        "the result says which call ran");
  }

  @Test
  void aRejectionAnswersTheModelWithTheReviewersMessage() {
    ScriptedChatModel model = ScriptedChatModel.replies(calls(EMAIL, new Message.ToolCall("s1", "search", Map.of("q", "bob"))),
        Message.ai("OK, I will not mail Bob."));
    CompiledGraph agent = agent(model);
    RunConfig t = RunConfig.thread("reject");
    agent.invoke(Map.of("messages", List.of(Message.human("mail bob"))), t);
    agent.invoke(Command.resume(Map.of("decisions", List.of(Map.of("type", "reject", "message", "Do not email Bob."),
        Map.of("type", "approve")))), t);
    assertTrue(sent.isEmpty());
    List<Message> seen = model.requests().get(1).messages();
    Message.Tool rejected = (Message.Tool) seen.stream().filter(m -> m instanceof Message.Tool tm
        && tm.toolCallId().equals("e1")).findFirst().orElseThrow();
    assertEquals("User rejected the tool call for `send_email` with reason: Do not email Bob.", rejected.text());
    assertTrue(rejected.error());
    assertTrue(seen.stream().anyMatch(m -> m.text().equals("found bob")), "the approved call ran");
  }

  @Test
  void rejectingEveryCallGoesBackToTheModel() {
    ScriptedChatModel model = ScriptedChatModel.replies(calls(EMAIL), Message.ai("Understood."));
    CompiledGraph agent = agent(model);
    RunConfig t = RunConfig.thread("reject-all");
    agent.invoke(Map.of("messages", List.of(Message.human("mail bob"))), t);
    State out = agent.invoke(Command.resume(Map.of("decisions", List.of(Map.of("type", "reject")))), t);
    assertEquals("User rejected the tool call for `send_email` with id e1. The tool was not executed. Do not retry"
        + " this tool call unless the user explicitly requests it.", messages(out).get(2).text());
    assertEquals("Understood.", messages(out).getLast().text());
  }

  @Test
  void aDecisionTheToolDoesNotAllowIsRefused() {
    ScriptedChatModel model = ScriptedChatModel.replies(calls(new Message.ToolCall("s1", "search", Map.of("q", "x"))));
    CompiledGraph agent = agent(model);
    RunConfig t = RunConfig.thread("not-allowed");
    agent.invoke(Map.of("messages", List.of(Message.human("search"))), t);
    Exception e = assertThrows(Exception.class, () -> agent.invoke(Command.resume(Map.of("decisions",
        List.of(Map.of("type", "edit", "edited_action", Map.of("name", "search", "args", Map.of()))))), t));
    assertTrue(String.valueOf(e.getMessage()).contains("'edit' is not allowed for tool 'search'"), e.getMessage());
  }

  @Test
  void callsOfUnreviewedToolsRunWithoutAsking() {
    ScriptedChatModel model = ScriptedChatModel.replies(calls(new Message.ToolCall("s1", "search", Map.of("q", "x"))),
        Message.ai("done"));
    State out = Agent.builder(model).tools(email, search).middleware(new HumanInTheLoop().interruptOn("send_email"))
        .compile(CompileOptions.checkpointer(new InMemorySaver()))
        .invoke(Map.of("messages", List.of(Message.human("search"))), RunConfig.thread("free"));
    assertEquals("done", messages(out).getLast().text());
  }

  @Test
  @SuppressWarnings("unchecked")
  void aDescriptionCanBeComputedFromTheCall() {
    ScriptedChatModel model = ScriptedChatModel.replies(calls(EMAIL));
    CompiledGraph agent = Agent.builder(model).tools(email)
        .middleware(new HumanInTheLoop().interruptOn("send_email")
            .description("send_email", c -> "Send an email to " + c.args().get("to") + "?"))
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
    RunConfig t = RunConfig.thread("described");
    agent.invoke(Map.of("messages", List.of(Message.human("mail bob"))), t);
    Map<String, Object> request = (Map<String, Object>) agent.getState(t).interrupts().getFirst().value();
    assertEquals("Send an email to bob?",
        ((List<Map<String, Object>>) request.get("action_requests")).getFirst().get("description"));
  }
}
