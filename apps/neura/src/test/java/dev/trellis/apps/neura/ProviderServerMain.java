package dev.trellis.apps.neura;

import dev.trellis.server.GraphProvider;
import dev.trellis.server.TrellisServer;
import dev.trellis.testkit.ChildJvm;
import java.nio.file.Path;
import java.util.ServiceLoader;

/**
 * A server process serving what {@code trellis serve} finds with ServiceLoader, on SQLite:
 * {@code ProviderServerMain <sqlite-file>}; the model comes from the environment
 * ({@code TRELLIS_MODEL_*}), as in production. Announces its port.
 */
public final class ProviderServerMain {
  private ProviderServerMain() {
  }

  public static void main(String[] args) throws Exception {
    TrellisServer.Builder b = TrellisServer.builder().port(0).host("127.0.0.1").sqlite(Path.of(args[0]));
    for (GraphProvider p : ServiceLoader.load(GraphProvider.class)) {
      b.provider(p); // as trellis serve does: its routes too
    }
    TrellisServer server = b.start();
    Runtime.getRuntime().addShutdownHook(new Thread(server::close));
    ChildJvm.announcePort(server.port());
    Thread.currentThread().join();
  }
}
