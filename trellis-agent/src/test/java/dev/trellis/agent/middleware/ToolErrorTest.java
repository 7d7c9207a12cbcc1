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
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Tool failures the model reads, failures that propagate, and interrupts that pass through. */
class ToolErrorTest {
  static final Tool DIVIDE = Tool.of(new ToolSpec("divide", "a / b", null), (a, c) -> {
    throw new ArithmeticException("/ by zero");
  });
  static final Tool DISK = Tool.of(new ToolSpec("disk", "reads a file", null), (a, c) -> {
    throw new IllegalStateException("secret path /etc/shadow");
  });

  static Message.Ai call(String tool) {
    return new Message.Ai(null, "", List.of(new Message.ToolCall("c1", tool, Map.of())), null);
  }

  static final ToolError ARITHMETIC_ONLY = new ToolError(
      (e, r) -> e instanceof ArithmeticException ? "`" + r.call().name() + "` failed: " + e.getMessage() : null);

  @Test
  void aHandledFailureBecomesAnErrorToolMessage() {
    ScriptedChatModel model = ScriptedChatModel.replies(call("divide"), Message.ai("cannot divide"));
    @SuppressWarnings("unchecked")
    List<Message> out = (List<Message>) Agent.builder(model).tools(DIVIDE).handleToolErrors(false)
        .middleware(ARITHMETIC_ONLY).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("1/0")))).get("messages");
    Message.Tool answer = (Message.Tool) out.get(2);
    assertEquals("`divide` failed: / by zero", answer.text());
    assertTrue(answer.error());
    assertEquals("divide", answer.name());
  }

  @Test
  void aFailureOnErrorDeclinesFailsTheRun() {
    ScriptedChatModel model = ScriptedChatModel.replies(call("disk"), Message.ai("never"));
    var agent = Agent.builder(model).tools(DISK).handleToolErrors(false).middleware(ARITHMETIC_ONLY)
        .compile(CompileOptions.DEFAULT);
    Exception e = assertThrows(Exception.class, () -> agent.invoke(Map.of("messages", List.of(Message.human("read")))));
    assertTrue(String.valueOf(e.getMessage()).contains("secret path") || String.valueOf(e.getCause()).contains("secret path"), e.toString());
    assertEquals(1, model.requests().size(), "the model never saw the internal error");
  }

  @Test
  void toolsNotNamedAreLeftAlone() {
    ScriptedChatModel model = ScriptedChatModel.replies(call("divide"), Message.ai("never"));
    var agent = Agent.builder(model).tools(DIVIDE).handleToolErrors(false)
        .middleware(new ToolError((e, r) -> "handled", Set.of("disk"))).compile(CompileOptions.DEFAULT);
    assertThrows(Exception.class, () -> agent.invoke(Map.of("messages", List.of(Message.human("1/0")))));
  }

  @Test
  void anInterruptInsideAToolPassesThroughUntouched() {
    Tool ask = Tool.of(new ToolSpec("ask", "asks a human", null), (a, c) -> "human said " + c.runtime().interrupt("ok?"));
    ScriptedChatModel model = ScriptedChatModel.replies(call("ask"), Message.ai("thanks"));
    var agent = Agent.builder(model).tools(ask).middleware(new ToolError((e, r) -> "swallowed " + e))
        .compile(CompileOptions.checkpointer(new InMemorySaver()));
    RunConfig thread = RunConfig.thread("t");
    agent.invoke(Map.of("messages", List.of(Message.human("go"))), thread);
    assertEquals(1, agent.getState(thread).interrupts().size(), "the run paused instead of the error handler answering");
    State out = agent.invoke(dev.trellis.graph.Command.resume("yes"), thread);
    @SuppressWarnings("unchecked")
    List<Message> m = (List<Message>) out.get("messages");
    assertEquals("human said yes", m.get(2).text());
  }
}
