package dev.trellis.server;

import dev.trellis.testkit.ChildJvm;
import java.time.Duration;

/** A server process for the multi-process tests: {@code ServerMain <postgres-url> <worker-id> <lease-ms>}; prints its port. */
public final class ServerMain {
  private ServerMain() {}

  public static void main(String[] args) throws Exception {
    TrellisServer server = TestServers.builder().postgres(args[0]).workerId(args[1])
        .lease(Duration.ofMillis(Long.parseLong(args[2]))).shutdownGrace(Duration.ofSeconds(5)).start();
    Runtime.getRuntime().addShutdownHook(new Thread(server::close));
    ChildJvm.announcePort(server.port());
    Thread.currentThread().join();
  }
}
