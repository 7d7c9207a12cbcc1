package dev.trellis.agent.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.runtime.MessageStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** The one place model wrappers forward {@link ChatModel} from: every method, to the wrapped model. */
class DelegatingChatModelTest {
  static final ChatRequest HI = new ChatRequest(List.of(Message.human("hi")), List.of());

  /** A provider-backed model with its own token streaming, its own streamTo and native structured output. */
  static final class NativeModel implements ChatModel {
    final List<String> calls = new ArrayList<>();

    @Override
    public Message.Ai chat(ChatRequest request) {
      calls.add("chat");
      return Message.ai("whole answer");
    }

    @Override
    public Message.Ai stream(ChatRequest request, Consumer<String> tokens) {
      calls.add("stream");
      tokens.accept("native ");
      tokens.accept("tokens");
      return Message.ai("native tokens");
    }

    @Override
    public Message.Ai streamTo(ChatRequest request, MessageStream out) {
      calls.add("streamTo");
      out.write("pushed");
      Message.Ai ai = Message.ai("pushed").withId(out.messageId());
      out.end(ai);
      return ai;
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
  }

  /** A stream that keeps what is written to it under id {@code m1}. */
  static final class Collected implements MessageStream {
    final List<Object> written = new ArrayList<>();
    Object ended;

    @Override
    public String messageId() {
      return "m1";
    }

    @Override
    public void end(Object message) {
      ended = message;
    }

    @Override
    public void write(Object value) {
      written.add(value);
    }
  }

  @Test
  void everyChatModelMethodIsForwardedByTheBase() {
    List<String> missing = new ArrayList<>();
    for (Method m : ChatModel.class.getMethods()) {
      if (Modifier.isStatic(m.getModifiers())) {
        continue;
      }
      try {
        Method forwarded = DelegatingChatModel.class.getDeclaredMethod(m.getName(), m.getParameterTypes());
        if (forwarded.isDefault() || Modifier.isAbstract(forwarded.getModifiers())) {
          missing.add(m.getName());
        }
      } catch (NoSuchMethodException e) {
        missing.add(m.getName());
      }
    }
    assertEquals(List.of(), missing, "ChatModel methods DelegatingChatModel does not forward");
  }

  @Test
  void aWrapperThatOverridesNothingForwardsStreamingAndStructuredOutput() throws Exception {
    NativeModel inner = new NativeModel();
    ChatModel wrapper = new DelegatingChatModel(inner) {};
    List<String> tokens = new ArrayList<>();
    assertEquals("native tokens", wrapper.stream(HI, tokens::add).text());
    assertEquals(List.of("native ", "tokens"), tokens);
    Collected out = new Collected();
    assertEquals("m1", wrapper.streamTo(HI, out).id());
    assertEquals(List.of("pushed"), out.written);
    assertEquals(List.of("stream", "streamTo"), inner.calls, "each call reaches the wrapped model's own method");
    assertTrue(wrapper.supportsStructuredOutput());
    assertEquals("acme", wrapper.provider());
    assertEquals("acme-large", wrapper.name());
  }

  @Test
  void streamToThroughStreamStreamsWithTheWrappersOwnStream() throws Exception {
    NativeModel inner = new NativeModel();
    ChatModel upper = new DelegatingChatModel(inner) {
      @Override
      public Message.Ai stream(ChatRequest request, Consumer<String> tokens) throws Exception {
        return delegate.stream(request, t -> tokens.accept(t.toUpperCase(java.util.Locale.ROOT)));
      }

      @Override
      public Message.Ai streamTo(ChatRequest request, MessageStream out) throws Exception {
        return streamToThroughStream(request, out);
      }
    };
    Collected out = new Collected();
    Message.Ai ai = upper.streamTo(HI, out);
    assertEquals(List.of("NATIVE ", "TOKENS"), out.written);
    assertEquals("m1", ai.id(), "the answer is stored under the streamed tokens' id");
    assertEquals(ai, out.ended);
    assertEquals(List.of("stream"), inner.calls);
  }
}
