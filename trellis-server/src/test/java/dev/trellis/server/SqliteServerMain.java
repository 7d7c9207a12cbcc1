package dev.trellis.server;

import dev.trellis.testkit.ChildJvm;

/** A server process on a SQLite file for the child-JVM tests: {@code SqliteServerMain <db-file> [lease-ms]}; prints its port. */
public final class SqliteServerMain {
  private SqliteServerMain() {}

  public static void main(String[] args) throws Exception {
    TrellisServer.Builder b = TestServers.builder().sqlite(java.nio.file.Path.of(args[0]));
    if (args.length > 1) {
      b.lease(java.time.Duration.ofMillis(Long.parseLong(args[1])));
    }
    TrellisServer server = b.start();
    Runtime.getRuntime().addShutdownHook(new Thread(server::close));
    ChildJvm.announcePort(server.port());
    Thread.currentThread().join();
  }
}
