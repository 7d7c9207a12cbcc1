-- The server's tables as the last release before versioned schemas made them. Written with IF NOT EXISTS so a
-- database from that release (baselined at version 0) keeps its rows and gains only what it lacks.

CREATE TABLE IF NOT EXISTS trellis_assistants (assistant_id TEXT PRIMARY KEY, graph_id TEXT NOT NULL, owner TEXT NOT
  NULL, name TEXT, description TEXT, config TEXT, context TEXT, metadata TEXT, version INTEGER NOT NULL, created_at
  TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS trellis_assistant_versions (assistant_id TEXT NOT NULL, version INTEGER NOT NULL, graph_id
  TEXT NOT NULL, name TEXT, description TEXT, config TEXT, context TEXT, metadata TEXT, created_at TEXT NOT NULL,
  PRIMARY KEY (assistant_id, version));
CREATE TABLE IF NOT EXISTS trellis_threads (thread_id TEXT PRIMARY KEY, owner TEXT NOT NULL, graph_id TEXT, status
  TEXT NOT NULL, metadata TEXT, config TEXT, values_json TEXT, interrupts TEXT, error TEXT, created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL, state_updated_at TEXT NOT NULL, expires_at BIGINT);
CREATE TABLE IF NOT EXISTS trellis_runs (run_id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, assistant_id TEXT NOT NULL,
  owner TEXT NOT NULL, status TEXT NOT NULL, metadata TEXT, kwargs TEXT, multitask_strategy TEXT, temporary INTEGER
  NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, available_at BIGINT NOT NULL, attempt INTEGER NOT
  NULL, worker TEXT, lease_until BIGINT, cancel_action TEXT, checkpoint_before TEXT, result TEXT);
CREATE INDEX IF NOT EXISTS trellis_runs_queue ON trellis_runs (status, available_at);
CREATE INDEX IF NOT EXISTS trellis_runs_thread ON trellis_runs (thread_id, status);
CREATE TABLE IF NOT EXISTS trellis_run_events (run_id TEXT NOT NULL, seq BIGINT NOT NULL, event TEXT NOT NULL, data
  TEXT, at BIGINT NOT NULL, PRIMARY KEY (run_id, seq));
CREATE INDEX IF NOT EXISTS trellis_run_events_at ON trellis_run_events (at);
CREATE TABLE IF NOT EXISTS trellis_crons (cron_id TEXT PRIMARY KEY, assistant_id TEXT NOT NULL, thread_id TEXT, owner
  TEXT NOT NULL, schedule TEXT NOT NULL, payload TEXT, metadata TEXT, end_time TEXT, next_run_at BIGINT NOT NULL,
  enabled INTEGER NOT NULL, on_run_completed TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS trellis_id_aliases (owner TEXT NOT NULL, kind TEXT NOT NULL, public_id TEXT NOT NULL,
  internal_id TEXT NOT NULL UNIQUE, PRIMARY KEY (owner, kind, public_id));
CREATE TABLE IF NOT EXISTS trellis_mcp_sessions (session_id TEXT PRIMARY KEY, owner TEXT NOT NULL, protocol_version
  TEXT NOT NULL, created_at BIGINT NOT NULL, last_used BIGINT NOT NULL);
CREATE TABLE IF NOT EXISTS trellis_idempotency (owner TEXT NOT NULL, idem_key TEXT NOT NULL, run_id TEXT NOT NULL,
  request_hash TEXT NOT NULL, expires_at BIGINT NOT NULL, PRIMARY KEY (owner, idem_key));
CREATE INDEX IF NOT EXISTS trellis_idempotency_expiry ON trellis_idempotency (expires_at);
CREATE INDEX IF NOT EXISTS trellis_threads_owner_created ON trellis_threads (owner, created_at);
CREATE INDEX IF NOT EXISTS trellis_threads_owner_updated ON trellis_threads (owner, updated_at);
CREATE INDEX IF NOT EXISTS trellis_threads_owner_status ON trellis_threads (owner, status, created_at);
-- The zone a cron is read in (added by ALTER, as that release did: a database it wrote has the column already).
ALTER TABLE trellis_crons ADD COLUMN IF NOT EXISTS timezone TEXT;
-- Thread search: metadata and values parsed once when written (stored generated columns) under GIN indexes.
ALTER TABLE trellis_threads ADD COLUMN IF NOT EXISTS metadata_jsonb jsonb GENERATED ALWAYS AS (metadata::jsonb) STORED;
CREATE INDEX IF NOT EXISTS trellis_threads_metadata ON trellis_threads USING GIN (metadata_jsonb jsonb_path_ops);
DROP INDEX IF EXISTS trellis_threads_values;
ALTER TABLE trellis_threads ADD COLUMN IF NOT EXISTS values_jsonb jsonb GENERATED ALWAYS AS (values_json::jsonb) STORED;
CREATE INDEX IF NOT EXISTS trellis_threads_values_jsonb ON trellis_threads USING GIN (values_jsonb jsonb_path_ops);
