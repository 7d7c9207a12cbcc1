package dev.trellis.apps.rrc;

import dev.trellis.agent.message.Message;
import dev.trellis.agent.model.ChatModel;
import dev.trellis.agent.model.ChatRequest;
import dev.trellis.server.TrellisServer;
import dev.trellis.testkit.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An RRC server process for {@link KillResumeTest}: {@code RrcServerMain <postgres-url>
 * <worker-id> <lease-ms> <hang-marker|->}. With a marker path, the fourth model call writes the
 * marker and hangs, so the test can kill the process mid-execution. Prints its port.
 */
public final class RrcServerMain {
  private RrcServerMain() {}

  public static void main(String[] args) throws Exception {
    AtomicInteger calls = new AtomicInteger();
    PlannerModel planner = new PlannerModel();
    ChatModel model = args[3].equals("-") ? planner : new ChatModel() {
      @Override
      public Message.Ai chat(ChatRequest request) throws Exception {
        if (calls.incrementAndGet() == 4) {
          Files.writeString(Path.of(args[3]), "reached");
          Thread.sleep(Long.MAX_VALUE);
        }
        return planner.chat(request);
      }

      @Override
      public String name() {
        return planner.name();
      }
    };
    TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1").postgres(args[0]).workerId(args[1])
        .lease(Duration.ofMillis(Long.parseLong(args[2]))).shutdownGrace(Duration.ofSeconds(5))
        .provider(new RrcProvider(app -> RrcDeps.open(app.database(), Clock.systemUTC()).withModel(model)))
        .start();
    Runtime.getRuntime().addShutdownHook(new Thread(server::close));
    ChildJvm.announcePort(server.port());
    Thread.currentThread().join();
  }
}
