package dev.trellis.apps.neura;

/**
 * The run context a client may give a turn (over HTTP, the request's {@code context}
 * object): which agent's tool subset of the registry assembles the context ({@code neura} when
 * absent).
 */
public record NeuraContext(String agent) {
}
