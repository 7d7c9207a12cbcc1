package dev.trellis.langchain4j;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.langchain4j.agent.tool.P;
import dev.trellis.agent.Agent;
import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ScriptedChatModel;
import dev.trellis.agent.tool.Tool;
import dev.trellis.graph.CompileOptions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class LangChain4jToolsTest {
  static final class Calculator {
    @dev.langchain4j.agent.tool.Tool("Adds two integers")
    int add(@P("first") int a, @P("second") int b) {
      return a + b;
    }

    @dev.langchain4j.agent.tool.Tool("Upper-cases a word")
    String shout(@P("the word") String word) {
      return word.toUpperCase();
    }
  }

  @Test
  void toolMethodsBecomeToolsWithSpecsFromLangChain4j() {
    List<Tool> tools = LangChain4jTools.from(new Calculator());
    Tool add = tools.stream().filter(t -> t.spec().name().equals("add")).findFirst().orElseThrow();
    assertEquals("Adds two integers", add.spec().description());
    @SuppressWarnings("unchecked")
    Map<String, Object> props = (Map<String, Object>) add.spec().parameters().get("properties");
    assertEquals(2, props.size());
  }

  @Test
  void anAgentCallsToolMethodsWithConvertedArguments() {
    List<Tool> tools = LangChain4jTools.from(new Calculator());
    Tool add = tools.stream().filter(t -> t.spec().name().equals("add")).findFirst().orElseThrow();
    @SuppressWarnings("unchecked")
    List<String> names = List.copyOf(((Map<String, Object>) add.spec().parameters().get("properties")).keySet());
    ScriptedChatModel model = ScriptedChatModel.replies(
        new Message.Ai(null, "", List.of(new Message.ToolCall("c", "add", Map.of(names.get(0), 2, names.get(1), 40))),
            Message.Usage.NONE),
        Message.ai("42"));
    var out = Agent.builder(model).tools(tools.toArray(Tool[]::new)).compile(CompileOptions.DEFAULT)
        .invoke(Map.of("messages", List.of(Message.human("2+40?"))));
    @SuppressWarnings("unchecked")
    List<Message> msgs = (List<Message>) out.get("messages");
    assertEquals("42", msgs.get(2).text(), "the tool method ran with converted arguments");
  }
}
