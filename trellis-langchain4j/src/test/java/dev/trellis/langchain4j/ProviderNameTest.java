package dev.trellis.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.middleware.ProviderToolSearch;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.graph.CompileOptions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The provider a LangChain4j-backed model names (gen_ai.provider.name, provider-side middleware). */
class ProviderNameTest {
  @Test
  void theOpenAiCompatibleBuilderNamesOpenAi() {
    assertEquals("openai", LangChain4jChatModel.openAi("http://127.0.0.1:9/v1", "gpt-x", "k").provider());
  }

  @Test
  void aWrappedModelNamesTheProviderOfItsLangChain4jModule() {
    var openAi = OpenAiChatModel.builder().baseUrl("http://127.0.0.1:9/v1").modelName("gpt-x").apiKey("k").build();
    assertEquals("openai", new LangChain4jChatModel(openAi, null).provider());
  }

  @Test
  void aModelOfNoKnownModuleHasNoProviderUntilOneIsGiven() {
    dev.langchain4j.model.chat.ChatModel own = new dev.langchain4j.model.chat.ChatModel() {
      @Override
      public ChatResponse doChat(dev.langchain4j.model.chat.request.ChatRequest request) {
        throw new UnsupportedOperationException();
      }
    };
    LangChain4jChatModel m = new LangChain4jChatModel(own, null);
    assertNull(m.provider());
    assertEquals("anthropic", m.withProvider("anthropic").provider());
  }

  /**
   * With an openai provider, ProviderToolSearch now adds OpenAI's tool_search; LangChain4j has no
   * form for a provider-run tool, so the call stops with that said, before any request is sent
   * (the endpoint here would refuse a connection, a different error).
   */
  @Test
  void providerToolSearchOnAnOpenAiModelStopsWithAClearErrorBeforeSending() {
    Tool weather = Tool.of(new ToolSpec("weather", "weather", null), (a, c) -> "sun");
    var agent = Agent.builder(LangChain4jChatModel.openAi("http://127.0.0.1:9/v1", "gpt-x", "k")).tools(weather)
        .middleware(new ProviderToolSearch(Set.of("weather"))).compile(CompileOptions.DEFAULT);
    Exception e = assertThrows(Exception.class, () -> agent.invoke(Map.of("messages", List.of(Message.human("hi")))));
    StringBuilder chain = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      chain.append(t).append('\n');
    }
    String said = chain.toString();
    assertTrue(said.contains("provider tool \"tool_search\""), said);
    assertTrue(said.contains("cannot be sent through LangChain4j"), said);
  }
}
