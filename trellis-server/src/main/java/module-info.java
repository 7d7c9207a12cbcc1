/**
 * The Trellis HTTP server (LangGraph's server API). Exported, each for a user of the server (the
 * reason is in each package-info): the builder, provider SPI and {@code AppContext} with what it
 * returns ({@code dev.trellis.server}), what applications' own routes use ({@code .route}: the
 * routes SPI and request/reply helpers), the auth SPI ({@code .auth}) and the refusals
 * ({@code .error}). The built-in routes ({@code .api}), the run queue
 * ({@code .queue}), the server's tables ({@code .db}), the wire format ({@code .wire}), the SSE
 * writer and the studio assets are internal.
 *
 * <p>Tests of this module, and the applications and CLI built on it, run on the class path.
 */
module dev.trellis.server {
  requires transitive dev.trellis.core;
  requires transitive dev.trellis.otel;
  requires dev.trellis.sqlite;
  requires dev.trellis.postgres;
  requires transitive io.javalin;
  requires transitive jakarta.servlet;
  requires org.eclipse.jetty.http;
  requires org.eclipse.jetty.io;
  requires com.fasterxml.jackson.datatype.jsr310;
  requires org.postgresql.jdbc;
  requires java.net.http;
  requires org.slf4j;
  requires com.cronutils;

  exports dev.trellis.server;
  exports dev.trellis.server.route;
  exports dev.trellis.server.auth;
  exports dev.trellis.server.error;

  // Value codecs (e.g. trellis-agent's chat messages) shape state on the wire.
  uses dev.trellis.wire.WireCodec;
}
