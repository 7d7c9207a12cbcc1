/**
 * The server's refusals: {@code ServerException}, a request the server refuses, raised by any layer
 * (stores, queue, wire parsing, handlers) with a kind the HTTP layer maps, in one place, to a 4xx
 * {@code {detail, code}}; and {@code ApiException}, one with an explicit HTTP status.
 *
 * <p>Exported because {@code AppContext.submit} refuses a bad body with them, and an application's
 * routes throw them to answer a 4xx the same way.
 */
package dev.trellis.server.error;
