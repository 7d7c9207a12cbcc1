package dev.trellis.agent.message;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.trellis.core.CompiledGraph;
import dev.trellis.core.StateGraph;
import dev.trellis.graph.CompileOptions;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.Update;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * On the SQLite saver, the thread's newest message list is read back as the reducer's own list (not a copy behind
 * a view), so the next run's first append extends it in place of indexing the whole thread again.
 */
class MessagesOnSqliteTest {
  static CompiledGraph graph(dev.trellis.checkpoint.CheckpointSaver saver) {
    return StateGraph.of(Messages.SCHEMA)
        .addNode("answer", (s, rt) -> Update.of(Messages.KEY, List.of(Message.ai("answer " + s.get(Messages.KEY).size()))))
        .addEdge(StateGraph.START, "answer")
        .compile(CompileOptions.checkpointer(saver));
  }

  @Test
  void theNewestMessagesReadBackAreTheReducersListAndTheNextRunAppendsToIt(@TempDir Path dir) {
    try (var saver = dev.trellis.sqlite.SqliteSaver.open(dir.resolve("m.db"))) {
      CompiledGraph g = graph(saver);
      RunConfig thread = RunConfig.thread("t");
      for (int run = 0; run < 10; run++) {
        g.invoke(Map.of("messages", List.of(Message.human("question " + run))), thread);
      }
      List<?> read = (List<?>) g.getState(thread).values().get("messages");
      assertInstanceOf(MessageList.class, read);
      assertSame(read, g.getState(thread).values().get("messages"), "read from the saver's memory, not copied");
      assertEquals(20, read.size());
      assertEquals("answer 19", ((Message) read.get(19)).text());
      @SuppressWarnings("unchecked")
      List<Message> next = Messages.add((List<Message>) read, List.of(Message.human("more")));
      assertInstanceOf(MessageList.class, next);
      assertEquals(21, next.size());
    }
  }
}
