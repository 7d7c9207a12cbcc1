package dev.trellis.client;

import dev.trellis.server.TrellisServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/** A test class against one real server on SQLite (the test graphs of {@link TestGraphs}) and a client of it. */
public abstract class ServedTest {
  protected static TrellisServer server;
  protected static TrellisClient client;

  @BeforeAll
  static void startServer() {
    server = TestGraphs.server();
    client = TestGraphs.client(server);
  }

  @AfterAll
  static void stopServer() {
    server.close();
  }
}
