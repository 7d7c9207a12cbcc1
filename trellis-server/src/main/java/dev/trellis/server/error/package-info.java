/**
 * {@code ServerException}: a request the server refuses, raised by any layer (stores, queue, wire
 * parsing, handlers) with a kind the HTTP layer maps, in one place, to a 4xx {@code {detail, code}}.
 *
 * <p>Exported because {@code AppContext.submit} refuses a bad body with it, and an application's
 * routes throw it to answer a 4xx the same way.
 */
package dev.trellis.server.error;
