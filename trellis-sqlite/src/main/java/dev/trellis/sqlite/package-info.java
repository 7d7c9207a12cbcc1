/**
 * SQLite persistence in one file: {@link dev.trellis.sqlite.SqliteSaver} (checkpoints),
 * {@link dev.trellis.sqlite.SqliteStore} (long-term memory, keyword search by FTS5) and
 * {@link dev.trellis.sqlite.SqliteCache} (node results), all over one
 * {@link dev.trellis.sqlite.SqliteDatabase} in WAL mode.
 */
package dev.trellis.sqlite;
