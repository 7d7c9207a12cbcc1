package dev.trellis.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.langchain4j.agent.tool.P;
import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.tool.Injected;
import dev.trellis.agent.tool.Tool;
import dev.trellis.agent.tool.ToolContext;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.Key;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.State;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code @Tool} methods with nested parameters keep LangChain4j's schema; injected parameters come from the runtime. */
class InjectedToolArgumentsTest {
  enum Size { SMALL, LARGE }

  record Line(String sku, int qty) {}

  static final class Shop {
    @dev.langchain4j.agent.tool.Tool("Places an order")
    String order(@P("order lines") List<Line> lines, @P("box size") Size size, @Injected("customer") String customer,
        @Injected ToolContext ctx) {
      return customer + " ordered " + lines.size() + " lines in a " + size + " box (call " + ctx.call().id() + ", thread "
          + ctx.runtime().threadId() + ")";
    }
  }

  @Test
  @SuppressWarnings("unchecked")
  void nestedParametersReachTheSpecAndInjectedOnesDoNot() {
    Tool order = LangChain4jTools.from(new Shop()).getFirst();
    Map<String, Object> params = order.spec().parameters();
    Map<String, Object> props = (Map<String, Object>) params.get("properties");
    assertEquals(2, props.size(), "the injected customer and context are not shown to the model: " + props);
    Map<String, Object> lines = (Map<String, Object>) props.values().iterator().next();
    assertEquals("array", lines.get("type"));
    assertEquals("order lines", lines.get("description"));
    Map<String, Object> item = (Map<String, Object>) lines.get("items");
    assertEquals("object", item.get("type"));
    assertEquals(Map.of("sku", Map.of("type", "string"), "qty", Map.of("type", "integer")), item.get("properties"));
    Map<String, Object> size = (Map<String, Object>) List.copyOf(props.values()).get(1);
    assertEquals(List.of("SMALL", "LARGE"), size.get("enum"));
    assertEquals(2, ((List<?>) params.get("required")).size());
  }

  @Test
  @SuppressWarnings("unchecked")
  void anInjectedStateValueAndTheToolContextReachTheMethod() {
    Tool order = LangChain4jTools.from(new Shop()).getFirst();
    List<String> names = List.copyOf(((Map<String, Object>) order.spec().parameters().get("properties")).keySet());
    ScriptedChatModel model = ScriptedChatModel.replies(new Message.Ai(null, "", List.of(new Message.ToolCall("o1", "order",
        Map.of(names.get(0), List.of(Map.of("sku", "tea", "qty", 2)), names.get(1), "LARGE"))), null), Message.ai("done"));
    State out = Agent.builder(model).tools(order).stateKeys(Key.of("customer", String.class))
        .compile(CompileOptions.checkpointer(new dev.trellis.checkpoint.memory.InMemorySaver()))
        .invoke(Map.of("messages", List.of(Message.human("order tea")), "customer", "Ada"), RunConfig.thread("shop"));
    String answer = ((List<Message>) out.get("messages")).get(2).text();
    assertEquals("Ada ordered 1 lines in a LARGE box (call o1, thread shop)", answer);
    assertTrue(model.requests().getFirst().tools().getFirst().parameters().toString().contains("SMALL"));
  }
}
