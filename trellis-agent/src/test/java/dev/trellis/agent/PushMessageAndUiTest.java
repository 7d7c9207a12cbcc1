package dev.trellis.agent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.Messages;
import dev.trellis.agent.ui.GenerativeUi;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Schema;
import dev.trellis.graph.State;
import dev.trellis.graph.Update;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** pushMessage from inside a node, and generative UI messages on the custom stream and in state. */
class PushMessageAndUiTest {
  @SuppressWarnings("unchecked")
  static List<Message> messages(State s) {
    return (List<Message>) s.get("messages");
  }

  @Test
  void aPushedMessageStreamsAtOnceAndLandsInStateWithOneId() {
    String[] pushedId = new String[1];
    StateGraph g = StateGraph.of(Schema.of(Messages.KEY));
    g.addNode("report", (s, rt) -> {
      pushedId[0] = Messages.push(rt, Message.ai("Working on it...")).id();
      return Update.of(Messages.KEY, List.of(Message.ai("Done.")));
    });
    g.addEdge(StateGraph.START, "report");
    CompiledGraph graph = g.compile(CompileOptions.DEFAULT);
    List<Map<String, Object>> updates = new ArrayList<>();
    List<StreamPart.PushedMessage> pushed = new ArrayList<>();
    State last = null;
    try (var s = graph.stream(Map.of("messages", List.of(Message.human("go"))), RunConfig.DEFAULT, StreamMode.UPDATES,
        StreamMode.VALUES, StreamMode.MESSAGES)) {
      for (var p : s) {
        if (p instanceof StreamPart.Updates u) {
          updates.add(u.update());
        } else if (p instanceof StreamPart.Values v) {
          last = State.of(v.values());
        } else if (p instanceof StreamPart.PushedMessage m) {
          assertTrue(updates.isEmpty(), "the message streams when pushed, before the node's update");
          pushed.add(m);
        }
      }
    }
    assertEquals(1, pushed.size());
    assertEquals("report", pushed.getFirst().node());
    assertEquals(pushedId[0], ((Message) pushed.getFirst().message()).id(), "the stream carries the state's id");
    assertEquals(List.of("go", "Working on it...", "Done."), messages(last).stream().map(Message::text).toList());
    assertEquals(pushedId[0], messages(last).get(1).id(), "state keeps the pushed id");
    @SuppressWarnings("unchecked")
    List<Message> inUpdate = (List<Message>) updates.getFirst().get("messages");
    assertEquals(2, inUpdate.size(), "the node's update shows the pushed and the returned message");
    assertEquals(pushedId[0], inUpdate.getFirst().id());
  }

  @Test
  void pushingToAnUnknownKeyNamesIt() {
    StateGraph g = StateGraph.of(Schema.of(Messages.KEY));
    g.addNode("n", (s, rt) -> {
      Messages.push(rt, Message.ai("x"), "chat");
      return Update.empty();
    });
    g.addEdge(StateGraph.START, "n");
    Exception e = assertThrows(Exception.class, () -> g.compile(CompileOptions.DEFAULT).invoke(Map.of("messages", List.of())));
    assertTrue(String.valueOf(e.getMessage()).contains("\"chat\""), e.getMessage());
  }

  @Test
  @SuppressWarnings("unchecked")
  void uiMessagesStreamAsCustomEventsAndFoldIntoTheUiKey() {
    StateGraph g = StateGraph.of(Schema.of(Messages.KEY, GenerativeUi.KEY));
    g.addNode("weather", (s, rt) -> {
      Message ai = Messages.push(rt, Message.ai("Here is the weather."));
      var card = GenerativeUi.push(rt, "weather", Map.of("city", "Oslo"), "card-1", null, ai, false);
      GenerativeUi.push(rt, "weather", Map.of("temp", 21), (String) card.get("id"), null, ai, true);
      var spinner = GenerativeUi.push(rt, "spinner", Map.of());
      GenerativeUi.delete(rt, (String) spinner.get("id"));
      return Update.empty();
    });
    g.addEdge(StateGraph.START, "weather");
    List<Object> custom = new ArrayList<>();
    State last = null;
    try (var s = g.compile(CompileOptions.DEFAULT).stream(Map.of("messages", List.of()), RunConfig.DEFAULT,
        StreamMode.CUSTOM, StreamMode.VALUES)) {
      for (var p : s) {
        if (p instanceof StreamPart.Custom c) {
          custom.add(c.value());
        } else if (p instanceof StreamPart.Values v) {
          last = State.of(v.values());
        }
      }
    }
    assertEquals(List.of("ui", "ui", "ui", "remove-ui"), custom.stream().map(c -> ((Map<String, Object>) c).get("type")).toList());
    List<Map<String, Object>> ui = (List<Map<String, Object>>) last.get("ui");
    assertEquals(1, ui.size(), "the spinner was removed");
    assertEquals(Map.of("city", "Oslo", "temp", 21), ui.getFirst().get("props"), "merged props");
    Map<String, Object> meta = (Map<String, Object>) ui.getFirst().get("metadata");
    assertEquals(messages(last).getFirst().id(), meta.get("message_id"));
    assertEquals("weather", meta.get("name"));
  }
}
