package dev.trellis.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.agent.observe.CallObserver;
import dev.trellis.agent.observe.ChatCall;
import dev.trellis.agent.observe.Observed;
import dev.trellis.agent.observe.ResponseInfo;
import dev.trellis.agent.tool.ToolCallRequest;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;

/** What the provider says of an answer (completion id, answering model, finish reason) reaches the call's observer. */
class ResponseInfoTest {
  @Test
  void theCompletionsIdModelAndFinishReasonReachTheObserver() throws Exception {
    List<ResponseInfo> seen = new CopyOnWriteArrayList<>();
    CallObserver recording = new CallObserver() {
      @Override
      public Observation chat(ChatCall call) {
        return new Observation() {
          @Override
          public void response(ResponseInfo info) {
            seen.add(info);
          }

          @Override
          public void end(Object result) {
          }

          @Override
          public void fail(Throwable error) {
          }
        };
      }

      @Override
      public Observation tool(ToolCallRequest request) {
        return Observation.NONE;
      }
    };
    try (MockWebServer server = new MockWebServer()) {
      server.start();
      server.enqueue(new MockResponse.Builder().addHeader("Content-Type", "application/json").body("""
          {"id":"chatcmpl-7","object":"chat.completion","created":1,"model":"gpt-test-0613","choices":[{"index":0,
           "message":{"role":"assistant","content":"It is sun"},"finish_reason":"length"}],
           "usage":{"prompt_tokens":12,"completion_tokens":3,"total_tokens":15}}""").build());
      LangChain4jChatModel model = LangChain4jChatModel.openAi(server.url("/v1").toString(), "gpt-test", "k");
      ChatRequest request = new ChatRequest(List.of(Message.human("Weather?")), List.of());
      Message.Ai ai = Observed.chat(new ChatCall(model, request, null), recording, () -> model.chat(request));
      assertEquals("It is sun", ai.text());
      assertEquals(List.of(new ResponseInfo("chatcmpl-7", "gpt-test-0613", List.of("length"))), seen);
    }
  }
}
