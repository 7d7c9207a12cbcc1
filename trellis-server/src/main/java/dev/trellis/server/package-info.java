/**
 * A LangGraph-compatible HTTP server for Trellis graphs: {@link dev.trellis.server.TrellisServer} and its
 * builder serve graphs registered by id or found as {@link dev.trellis.server.GraphProvider}s, on one
 * SQLite file (embedded) or a shared PostgreSQL (scale-out), standalone or mounted as a servlet.
 */
package dev.trellis.server;
