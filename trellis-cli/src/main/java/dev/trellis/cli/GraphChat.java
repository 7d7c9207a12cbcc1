package dev.trellis.cli;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.message.MessageWire;
import dev.trellis.core.CompiledGraph;
import dev.trellis.core.GraphProtocol;
import dev.trellis.graph.RunConfig;
import dev.trellis.graph.StateSnapshot;
import dev.trellis.stream.GraphStream;
import dev.trellis.stream.StreamMode;
import dev.trellis.stream.StreamPart;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;

/**
 * A terminal chat with a graph whose input has a {@code messages} key, on one thread: each line
 * is sent as a user message ({@code {"role": "user", "content": line}}, what chat clients send
 * over HTTP), the answer's tokens are printed as they stream ({@code messages} mode) and, when
 * nothing streamed, the last AI message the run left in state. A run that pauses (an interrupt)
 * is reported with the nodes it waits at. {@code /quit} or the end of input leaves. The graph runs
 * in this process ({@code CompiledGraph}) or on a server (trellis-client's {@code RemoteGraph}),
 * through what both are, a {@link GraphProtocol}.
 */
final class GraphChat {
  private final String name;
  private final GraphProtocol graph;
  private final String thread;
  private final String where;

  /** A chat with {@code graph} named {@code name} on {@code thread}; {@code where} is the option naming a server, or "". */
  GraphChat(String name, GraphProtocol graph, String thread, String where) {
    this.name = name;
    this.graph = graph;
    this.thread = thread;
    this.where = where;
  }

  /** Whether {@code graph} takes chat input: a {@code messages} input key. */
  static boolean chats(CompiledGraph graph) {
    return graph.inputKeys().contains("messages");
  }

  void run(BufferedReader in, PrintStream out) throws IOException {
    out.println("Chatting with " + name + " on thread " + thread + ". /quit leaves.");
    out.print("you> ");
    out.flush();
    String line;
    while ((line = in.readLine()) != null) {
      String text = line.strip();
      if (text.equals("/quit") || text.equals("/exit")) {
        break;
      }
      if (!text.isEmpty()) {
        try {
          turn(text, out);
        } catch (RuntimeException e) { // the run failed or the server refused it: say why, keep the chat
          out.println();
          out.println("  [the run failed: " + e.getMessage() + "]");
        }
      }
      out.print("you> ");
      out.flush();
    }
    out.println();
    out.println("Bye. Continue with: trellis chat " + name + where + " --thread " + thread);
  }

  private void turn(String text, PrintStream out) {
    RunConfig config = RunConfig.thread(thread);
    String streaming = null; // the id of the message whose tokens are being printed
    try (GraphStream stream = graph.stream(Map.of("messages", List.of(Map.of("role", "user", "content", text))), config,
        EnumSet.of(StreamMode.MESSAGES), false)) {
      for (StreamPart p : stream) {
        Chunk c = Chunk.of(p);
        if (c != null && !c.text().isEmpty()) {
          if (!c.messageId().equals(streaming)) {
            out.print((streaming != null ? System.lineSeparator() : "") + name + "> ");
            streaming = c.messageId();
          }
          out.print(c.text());
          out.flush();
        }
      }
    }
    StateSnapshot state = graph.getState(config);
    if (streaming != null) {
      out.println();
    } else if (state.values().get("messages") instanceof List<?> messages && !messages.isEmpty()
        && MessageWire.from(messages.getLast()) instanceof Message.Ai ai && !ai.text().isEmpty()) {
      out.println(name + "> " + ai.text());
    }
    if (!state.next().isEmpty()) {
      out.println("  [paused before " + String.join(", ", state.next()) + "; resume it in Studio or over the API]");
    }
  }

  /** A piece of an AI message's text as it streams, from this process's engine or a server's {@code messages-tuple} event. */
  private record Chunk(String messageId, String text) {
    static Chunk of(StreamPart p) {
      if (p instanceof StreamPart.MessageChunk c) {
        return new Chunk(c.messageId(), c.text());
      }
      if (p instanceof StreamPart.Data d && d.mode() == StreamMode.MESSAGES && d.namespace().isEmpty()
          && d.data() instanceof List<?> tuple && !tuple.isEmpty() && tuple.getFirst() instanceof Map<?, ?> m
          && isAi(m.get("type"))) {
        return new Chunk(String.valueOf(m.get("id")), text(m.get("content")));
      }
      return null;
    }

    private static boolean isAi(Object type) {
      return "ai".equals(type) || "AIMessageChunk".equals(type);
    }

    /** A message's content as text: a string, or the text parts of a list of content blocks. */
    private static String text(Object content) {
      if (content instanceof String s) {
        return s;
      }
      StringBuilder b = new StringBuilder();
      if (content instanceof List<?> blocks) {
        for (Object block : blocks) {
          if (block instanceof Map<?, ?> m && "text".equals(m.get("type")) && m.get("text") instanceof String t) {
            b.append(t);
          }
        }
      }
      return b.toString();
    }
  }
}
