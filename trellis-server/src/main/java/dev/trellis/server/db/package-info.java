/**
 * The server's own tables beside the checkpoint tables, on SQLite or PostgreSQL: assistants,
 * threads, crons, id aliases, idempotency keys and thread search. Rows are read as records
 * ({@code Assistant}, {@code Crons.Cron}) and statuses as enums ({@code ThreadStatus}).
 *
 * <p>Not exported: users reach the database through {@code AppContext.database()}; the CLI's
 * vacuum goes through {@code TrellisServer.vacuumSqlite}.
 */
package dev.trellis.server.db;
