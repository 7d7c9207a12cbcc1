/**
 * Test support for Trellis and its users: the contract tests every saver and store extends,
 * the conformance scenario runner, a crash harness and an HTTP client for the server's API.
 */
module dev.trellis.testkit {
  requires transitive dev.trellis.core;
  requires transitive org.junit.jupiter.api;
  requires transitive org.junit.jupiter.params;
  requires java.net.http;

  exports dev.trellis.testkit;
}
