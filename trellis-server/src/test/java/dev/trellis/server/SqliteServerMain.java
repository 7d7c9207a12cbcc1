package dev.trellis.server;

import dev.trellis.testkit.ChildJvm;

/** A server process on a SQLite file for the child-JVM tests: {@code SqliteServerMain <db-file>}; prints its port. */
public final class SqliteServerMain {
  private SqliteServerMain() {}

  public static void main(String[] args) throws Exception {
    TrellisServer server = TestServers.builder().sqlite(java.nio.file.Path.of(args[0])).start();
    Runtime.getRuntime().addShutdownHook(new Thread(server::close));
    ChildJvm.announcePort(server.port());
    Thread.currentThread().join();
  }
}
