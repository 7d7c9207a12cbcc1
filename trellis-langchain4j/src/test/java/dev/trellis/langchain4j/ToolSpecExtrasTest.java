package dev.trellis.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.model.ToolSpec;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Tool extras reach LangChain4j as metadata; provider-run tools are refused with a way out. */
class ToolSpecExtrasTest {
  @Test
  void extrasBecomeToolMetadata() {
    var spec = LangChain4jChatModel.toSpec(new ToolSpec("stocks", "prices", null).withExtra("defer_loading", true));
    assertEquals(Map.of("defer_loading", true), spec.metadata());
  }

  @Test
  void aProviderToolIsRefusedNamingIt() {
    var e = assertThrows(IllegalArgumentException.class,
        () -> LangChain4jChatModel.toSpec(ToolSpec.provider(Map.of("type", "tool_search"))));
    assertTrue(e.getMessage().contains("provider tool \"tool_search\"") && e.getMessage().contains("configure it on the LangChain4j model"),
        e.getMessage());
  }
}
