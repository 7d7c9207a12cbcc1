package dev.trellis.apps.opencouch;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.apps.opencouch.safety.CrisisLog;
import dev.trellis.apps.opencouch.safety.CrisisRecord;
import dev.trellis.apps.opencouch.safety.JdbcCrisisLog;
import dev.trellis.checkpoint.jdbc.JdbcStore;
import dev.trellis.graph.CompileOptions;
import dev.trellis.server.TrellisServer;
import dev.trellis.testkit.ChildJvm;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;

/**
 * An OpenCouch server process for {@link KillResumeTest}: {@code CouchServerMain <sqlite-file>
 * <worker-id> <lease-ms> <calls-file> <hang-marker|->}. Its model answers every call and
 * appends one line per call to the calls file (so the test counts which nodes ran); with a
 * marker, the crisis log writes the record, then writes the marker and hangs — the test
 * kills the process there. Prints its port.
 */
public final class CouchServerMain {
  private CouchServerMain() {
  }

  public static void main(String[] args) throws Exception {
    Path calls = Path.of(args[3]);
    ChatModel model = new ChatModel() {
      @Override
      public Message.Ai chat(ChatRequest request) throws Exception {
        boolean structured = request.responseSchema() != null;
        Files.writeString(calls, (structured ? "classify" : "reply") + "\n", StandardCharsets.UTF_8,
            StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        return Message.ai(structured ? "{\"crisis\": true, \"reason\": \"hopeless and exhausted\"}"
            : "I'm so sorry you're carrying this.");
      }
    };
    String marker = args[4];
    TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(Path.of(args[0])).workerId(args[1])
        .lease(Duration.ofMillis(Long.parseLong(args[2]))).shutdownGrace(Duration.ofSeconds(5))
        .graph(OpenCouch.ASSISTANT, (saver, store) -> {
          CrisisLog log = new JdbcCrisisLog(((JdbcStore) store).database());
          CrisisLog hanging = marker.equals("-") ? log : new CrisisLog() {
            @Override
            public boolean append(CrisisRecord record) {
              boolean fresh = log.append(record);
              try {
                Files.writeString(Path.of(marker), "logged");
                Thread.sleep(Long.MAX_VALUE);
              } catch (Exception e) {
                Thread.currentThread().interrupt();
              }
              return fresh;
            }

            @Override
            public List<CrisisRecord> forUser(String userId) {
              return log.forUser(userId);
            }

            @Override
            public List<CrisisRecord> forThread(String threadId) {
              return log.forThread(threadId);
            }
          };
          return OpenCouch.graph(CompileOptions.checkpointer(saver).withStore(store),
              Defaults.over(store, hanging).withLlmClient(model));
        })
        .start();
    Runtime.getRuntime().addShutdownHook(new Thread(server::close));
    ChildJvm.announcePort(server.port());
    Thread.currentThread().join();
  }
}
