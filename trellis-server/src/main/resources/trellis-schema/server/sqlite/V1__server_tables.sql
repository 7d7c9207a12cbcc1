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
  enabled INTEGER NOT NULL, on_run_completed TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL, timezone TEXT);
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
CREATE TABLE IF NOT EXISTS trellis_thread_terms (thread_id TEXT NOT NULL, owner TEXT NOT NULL, field TEXT NOT NULL,
  path TEXT NOT NULL, term TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS trellis_thread_terms_find ON trellis_thread_terms (owner, field, path, term, thread_id);
CREATE INDEX IF NOT EXISTS trellis_thread_terms_thread ON trellis_thread_terms (thread_id, field);
-- Thread search's term index (SQLite's stand-in for a GIN index), kept by triggers; the server rebuilds its rows
-- when another SQLite version built them (trellis_thread_terms_built).
CREATE TRIGGER IF NOT EXISTS trellis_threads_terms_insert AFTER INSERT ON trellis_threads BEGIN
INSERT INTO trellis_thread_terms (thread_id, owner, field, path, term) SELECT NEW.thread_id, NEW.owner, 'metadata',
  fullkey, CASE type WHEN 'text' THEN 's:' || atom WHEN 'integer' THEN 'n:' || CAST(atom AS REAL) WHEN 'real' THEN
  'n:' || CAST(atom AS REAL) WHEN 'true' THEN 'b:1' WHEN 'false' THEN 'b:0' ELSE 'z' END FROM
  json_tree(COALESCE(NEW.metadata, '{}')) WHERE type NOT IN ('object', 'array') AND fullkey NOT LIKE '%[%' AND (type
  <> 'text' OR length(atom) <= 256);
INSERT INTO trellis_thread_terms (thread_id, owner, field, path, term) SELECT NEW.thread_id, NEW.owner, 'values',
  fullkey, CASE type WHEN 'text' THEN 's:' || atom WHEN 'integer' THEN 'n:' || CAST(atom AS REAL) WHEN 'real' THEN
  'n:' || CAST(atom AS REAL) WHEN 'true' THEN 'b:1' WHEN 'false' THEN 'b:0' ELSE 'z' END FROM
  json_tree(COALESCE(NEW.values_json, '{}')) WHERE type NOT IN ('object', 'array') AND fullkey NOT LIKE '%[%' AND
  (type <> 'text' OR length(atom) <= 256);
END;
CREATE TRIGGER IF NOT EXISTS trellis_threads_terms_metadata AFTER UPDATE OF metadata ON trellis_threads BEGIN
  DELETE FROM trellis_thread_terms WHERE thread_id = OLD.thread_id AND field = 'metadata';
INSERT INTO trellis_thread_terms (thread_id, owner, field, path, term) SELECT NEW.thread_id, NEW.owner, 'metadata',
  fullkey, CASE type WHEN 'text' THEN 's:' || atom WHEN 'integer' THEN 'n:' || CAST(atom AS REAL) WHEN 'real' THEN
  'n:' || CAST(atom AS REAL) WHEN 'true' THEN 'b:1' WHEN 'false' THEN 'b:0' ELSE 'z' END FROM
  json_tree(COALESCE(NEW.metadata, '{}')) WHERE type NOT IN ('object', 'array') AND fullkey NOT LIKE '%[%' AND (type
  <> 'text' OR length(atom) <= 256);
END;
CREATE TRIGGER IF NOT EXISTS trellis_threads_terms_values AFTER UPDATE OF values_json ON trellis_threads BEGIN
  DELETE FROM trellis_thread_terms WHERE thread_id = OLD.thread_id AND field = 'values';
INSERT INTO trellis_thread_terms (thread_id, owner, field, path, term) SELECT NEW.thread_id, NEW.owner, 'values',
  fullkey, CASE type WHEN 'text' THEN 's:' || atom WHEN 'integer' THEN 'n:' || CAST(atom AS REAL) WHEN 'real' THEN
  'n:' || CAST(atom AS REAL) WHEN 'true' THEN 'b:1' WHEN 'false' THEN 'b:0' ELSE 'z' END FROM
  json_tree(COALESCE(NEW.values_json, '{}')) WHERE type NOT IN ('object', 'array') AND fullkey NOT LIKE '%[%' AND
  (type <> 'text' OR length(atom) <= 256);
END;
CREATE TRIGGER IF NOT EXISTS trellis_threads_terms_delete AFTER DELETE ON trellis_threads BEGIN
  DELETE FROM trellis_thread_terms WHERE thread_id = OLD.thread_id;
END;
CREATE TABLE IF NOT EXISTS trellis_thread_terms_built (sqlite_version TEXT NOT NULL);
-- Indexes of releases before the term index.
DROP INDEX IF EXISTS trellis_threads_graph;
DROP INDEX IF EXISTS trellis_threads_assistant;
