/**
 * The Trellis client: {@code dev.trellis.client} speaks the server's HTTP API (LangGraph's) with
 * the JDK's HttpClient and Jackson; {@code dev.trellis.client.remote} makes a served graph look
 * like a compiled one and needs trellis-core on the path (an optional dependency).
 */
module dev.trellis.client {
  requires transitive java.net.http;
  requires transitive com.fasterxml.jackson.databind;
  requires static transitive dev.trellis.core;

  exports dev.trellis.client;
  exports dev.trellis.client.remote;

  opens dev.trellis.client to com.fasterxml.jackson.databind;
}
