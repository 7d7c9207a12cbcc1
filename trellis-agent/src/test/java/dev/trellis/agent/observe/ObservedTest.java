package dev.trellis.agent.observe;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.tool.ToolCallRequest;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** The door model and tool calls go through: each call observed once, its end or failure reported. */
class ObservedTest {
  /** Records "start <model>", "end <text>", "fail <message>" for chat calls. */
  static final class Recording implements CallObserver {
    final List<String> seen = new CopyOnWriteArrayList<>();

    @Override
    public Observation chat(ChatCall call) {
      seen.add("start " + call.requestModel());
      return new Observation() {
        @Override
        public void end(Object result) {
          seen.add("end " + ((Message.Ai) result).text());
        }

        @Override
        public void fail(Throwable error) {
          seen.add("fail " + error.getMessage());
        }
      };
    }

    @Override
    public Observation tool(ToolCallRequest request) {
      return Observation.NONE;
    }
  }

  static final ChatRequest HI = new ChatRequest(List.of(Message.human("hi")), List.of());

  @Test
  void aCallInsideAnObservedCallIsPartOfIt() throws Exception {
    Recording r = new Recording();
    ChatModel inner = ScriptedChatModel.replies(Message.ai("hello"));
    ChatModel wrapper = new ChatModel() {   // a model that delegates, as redacting or routing models do
      @Override
      public Message.Ai chat(ChatRequest request) throws Exception {
        return Observed.chat(new ChatCall(inner, request, null), r, () -> inner.chat(request));
      }

      @Override
      public String name() {
        return "wrapper";
      }
    };
    Observed.chat(new ChatCall(wrapper, HI, null), r, () -> wrapper.chat(HI));
    assertEquals(List.of("start wrapper", "end hello"), r.seen);
  }

  @Test
  void aFailedCallIsReportedAndRethrown() {
    Recording r = new Recording();
    ChatModel broken = request -> {
      throw new java.io.IOException("connection reset");
    };
    var e = assertThrows(java.io.IOException.class, () -> Observed.chat(new ChatCall(broken, HI, null), r,
        () -> broken.chat(HI)));
    assertEquals("connection reset", e.getMessage());
    assertEquals("fail connection reset", r.seen.getLast());
  }

  @Test
  void theRequestsModelSettingNamesTheCall() {
    ChatRequest named = new ChatRequest(List.of(Message.human("hi")), List.of(), null, java.util.Map.of(ChatRequest.MODEL,
        "gpt-4o-mini"));
    assertEquals("gpt-4o-mini", new ChatCall(ScriptedChatModel.replies(), named, null).requestModel());
    assertEquals("ScriptedChatModel", new ChatCall(ScriptedChatModel.replies(), HI, null).requestModel());
  }

  @Test
  void wrappingAnObservedModelAgainChangesNothing() {
    ChatModel once = Observed.model(ScriptedChatModel.replies(Message.ai("x")));
    assertSame(once, Observed.model(once));
    assertEquals("ScriptedChatModel", once.name());
  }

  @Test
  void anObservedModelForwardsStreamingAndStructuredOutput() throws Exception {
    List<String> reached = new CopyOnWriteArrayList<>();
    ChatModel provider = new ChatModel() {
      @Override
      public Message.Ai chat(ChatRequest request) {
        reached.add("chat");
        return Message.ai("a b");
      }

      @Override
      public Message.Ai stream(ChatRequest request, java.util.function.Consumer<String> tokens) {
        reached.add("stream");
        tokens.accept("a");
        tokens.accept(" b");
        return Message.ai("a b");
      }

      @Override
      public boolean supportsStructuredOutput() {
        return true;
      }

      @Override
      public String provider() {
        return "acme";
      }
    };
    ChatModel observed = Observed.model(provider);
    List<String> tokens = new CopyOnWriteArrayList<>();
    assertEquals("a b", observed.stream(HI, tokens::add).text());
    assertEquals(List.of("a", " b"), tokens, "the provider's own token stream, not one piece from chat");
    assertEquals(List.of("stream"), reached);
    assertEquals(true, observed.supportsStructuredOutput(), "native structured output stays visible to the agent");
    assertEquals("acme", observed.provider());
  }
}
