/**
 * The server's own tables beside the checkpoint tables — assistants, threads, id aliases,
 * idempotency keys and thread search — on SQLite or PostgreSQL.
 */
package dev.trellis.server.db;
