/**
 * A LangGraph-compatible HTTP server for Trellis graphs: {@link dev.trellis.server.TrellisServer} and its
 * builder serve graphs registered by id or found as {@link dev.trellis.server.GraphProvider}s, on one
 * SQLite file (embedded) or a shared PostgreSQL (scale-out), standalone or mounted as a servlet.
 *
 * <p>Exported because it is what a user of the server starts and extends: the builder, the
 * provider SPI, {@link dev.trellis.server.AppContext} and the types it returns, and the server's
 * run figures for metrics ({@code RunCounters}, {@code QueueDepth}).
 */
package dev.trellis.server;
