package dev.trellis.agent.middleware;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.model.ToolSpec;
import dev.trellis.agent.tool.Tool;
import dev.trellis.graph.CompileOptions;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Searchable tools are deferred and the provider's search tool is offered. */
class ProviderToolSearchTest {
  static final Tool WEATHER = Tool.of(new ToolSpec("weather", "weather", null), (a, c) -> "sun");
  static final Tool STOCKS = Tool.of(new ToolSpec("stocks", "prices", null), (a, c) -> "up");

  static ScriptedChatModel model(String provider) {
    return new ScriptedChatModel(r -> Message.ai("ok"), provider);
  }

  static List<ToolSpec> offered(String provider, ProviderToolSearch search) {
    ScriptedChatModel m = model(provider);
    Agent.builder(m).tools(WEATHER, STOCKS).middleware(search).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("hi"))));
    return m.requests().getFirst().tools();
  }

  @Test
  void anthropicGetsDeferredToolsAndItsBm25Search() {
    List<ToolSpec> tools = offered("anthropic", new ProviderToolSearch(Set.of("stocks")));
    assertEquals(List.of("weather", "stocks", "tool_search_tool_bm25"), tools.stream().map(ToolSpec::name).toList());
    assertEquals(Map.of(), tools.get(0).extras());
    assertEquals(Map.of("defer_loading", true), tools.get(1).extras());
    assertEquals(Map.of("type", "tool_search_tool_bm25_20251119", "name", "tool_search_tool_bm25"),
        tools.get(2).extras().get(ToolSpec.PROVIDER_TOOL));
  }

  @Test
  void openAiGetsItsToolSearchAndToolsAlreadyMarkedDeferredCount() {
    ScriptedChatModel m = model("openai");
    Tool marked = Tool.of(new ToolSpec("weather", "weather", null).withExtra("defer_loading", true), (a, c) -> "sun");
    Agent.builder(m).tools(marked).middleware(new ProviderToolSearch(Set.of())).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("hi"))));
    ToolSpec search = m.requests().getFirst().tools().getLast();
    assertTrue(search.isProviderTool());
    assertEquals(Map.of("type", "tool_search"), search.extras().get(ToolSpec.PROVIDER_TOOL));
  }

  @Test
  void withNothingSearchableTheCallIsUnchanged() {
    List<ToolSpec> tools = offered(null, new ProviderToolSearch(Set.of()));
    assertEquals(List.of("weather", "stocks"), tools.stream().map(ToolSpec::name).toList());
  }

  @Test
  void unknownToolsUnknownAndUnsupportedProvidersAreRefused() {
    Exception unknown = assertThrows(Exception.class, () -> offered("openai", new ProviderToolSearch(Set.of("news", "maps"))));
    assertTrue(String.valueOf(unknown.getCause()).contains("not bound to the model: maps, news"), unknown.toString());
    Exception none = assertThrows(Exception.class, () -> offered(null, new ProviderToolSearch(Set.of("stocks"))));
    assertTrue(String.valueOf(none.getCause()).contains("could not determine the provider"), none.toString());
    Exception other = assertThrows(Exception.class, () -> offered("mistral", new ProviderToolSearch(Set.of("stocks"))));
    assertTrue(String.valueOf(other.getCause()).contains("but got 'mistral'; supported providers: anthropic, openai"),
        other.toString());
  }
}
