package dev.trellis.apps.neura;

import dev.trellis.graph.CompileOptions;
import dev.trellis.server.TrellisServer;
import dev.trellis.testkit.ChildJvm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A Neura server process for {@link KillResumeTest}: {@code NeuraServerMain <postgres-url>
 * <worker-id> <lease-ms> <hang-marker|->}. With a marker path, {@code patient_context} (inside
 * {@code context_assembly}, after preflight) writes the marker and hangs, so the test can kill
 * the process there. Prints its port.
 */
public final class NeuraServerMain {
  private NeuraServerMain() {
  }

  public static void main(String[] args) throws Exception {
    NeuraDeps deps = NeuraDeps.bundled();
    if (!args[3].equals("-")) {
      Path marker = Path.of(args[3]);
      deps = deps.withTool("patient_context", a -> {
        Files.writeString(marker, "reached");
        Thread.sleep(Long.MAX_VALUE);
        throw new IllegalStateException("unreachable");
      });
    }
    NeuraDeps d = deps;
    TrellisServer server = TrellisServer.builder().port(0).host("127.0.0.1").postgres(args[0]).workerId(args[1])
        .lease(Duration.ofMillis(Long.parseLong(args[2]))).shutdownGrace(Duration.ofSeconds(5))
        .graph("neura", (saver, store) -> NeuraTurn.graph(CompileOptions.checkpointer(saver).withStore(store), d))
        .start();
    Runtime.getRuntime().addShutdownHook(new Thread(server::close));
    ChildJvm.announcePort(server.port());
    Thread.currentThread().join();
  }
}
