/**
 * A client of the Trellis server's HTTP API (LangGraph's): start with
 * {@link dev.trellis.client.TrellisClient}. Replies are records; a run's stream is an
 * {@link dev.trellis.client.EventStream} of {@link dev.trellis.client.StreamEvent}s.
 */
package dev.trellis.client;
