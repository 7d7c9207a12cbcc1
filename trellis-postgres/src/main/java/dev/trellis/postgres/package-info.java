/**
 * PostgreSQL persistence: {@link dev.trellis.postgres.PostgresSaver} (checkpoints),
 * {@link dev.trellis.postgres.PostgresStore} (long-term memory, keyword search by
 * {@code tsvector}) and {@link dev.trellis.postgres.PostgresCache} (node results) over a pooled
 * {@link dev.trellis.postgres.PostgresDatabase}; safe for many server processes sharing one database.
 */
package dev.trellis.postgres;
