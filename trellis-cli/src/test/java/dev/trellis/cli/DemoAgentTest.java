package dev.trellis.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.trellis.agent.message.Message;
import dev.trellis.graph.CompileOptions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DemoAgentTest {
  @Test
  void theDemoAgentAsksTheWeatherToolAndAnswersWithItsResult() {
    var out = DemoAgent.build(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of(Map.of("role", "user",
        "content", "Oslo"))));
    List<?> messages = (List<?>) out.get("messages");
    assertEquals(4, messages.size());
    assertEquals("The weather tool says: sunny and 21°C in Oslo.", ((Message) messages.getLast()).text());
  }

  @Test
  void theDemoModelReportsTheTokensOfWhatItReadAndWrote() {
    var out = DemoAgent.build(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of(Map.of("role", "user",
        "content", "Oslo"))));
    List<?> messages = (List<?>) out.get("messages");
    Message.Ai asked = (Message.Ai) messages.get(1);
    Message.Ai answered = (Message.Ai) messages.getLast();
    var count = dev.trellis.agent.middleware.TokenCounter.APPROXIMATE;
    assertEquals(new Message.Usage(count.count(List.of((Message) messages.getFirst())), count.count(List.of(asked))),
        asked.usage());
    assertEquals(count.count(messages.subList(0, 3).stream().map(Message.class::cast).toList()),
        answered.usage().inputTokens(), "the second call read the question, the tool call and its result");
  }

  @Test
  void theCityIsReadFromAQuestionNotTheWholeQuestion() {
    var out = DemoAgent.build(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of(Map.of("role", "user",
        "content", "What's the weather like in New York today?"))));
    List<?> messages = (List<?>) out.get("messages");
    assertEquals("The weather tool says: sunny and 21°C in New York.", ((Message) messages.getLast()).text());
    assertEquals("Lima", DemoAgent.city("Lima?"));
    assertEquals("São Paulo", DemoAgent.city("and for São Paulo"));
  }
}
