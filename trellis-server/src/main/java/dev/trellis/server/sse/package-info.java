/**
 * Server-Sent Events as LangGraph's servers write them: one JSON {@code data:} line per event with its
 * id (for {@code Last-Event-ID} resumption), keep-alives, and detection of a client that went away.
 */
package dev.trellis.server.sse;
