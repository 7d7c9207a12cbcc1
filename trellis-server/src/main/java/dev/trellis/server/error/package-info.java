/**
 * {@code ServerException}: a request the server refuses, raised by any layer (stores, queue, wire
 * parsing, handlers) with a kind the HTTP layer maps, in one place, to a 4xx {@code {detail, code}}.
 */
package dev.trellis.server.error;
