-- The saver's tables as the last release before versioned schemas made them. Written with IF NOT EXISTS
-- so a database from that release (baselined at version 0) keeps its rows and gains only what it lacks.
CREATE TABLE IF NOT EXISTS checkpoints (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '',
  checkpoint_id TEXT NOT NULL, parent_checkpoint_id TEXT, checkpoint BLOB NOT NULL,
  metadata TEXT NOT NULL, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id));
CREATE TABLE IF NOT EXISTS checkpoint_writes (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '',
  checkpoint_id TEXT NOT NULL, task_id TEXT NOT NULL, idx INTEGER NOT NULL, channel TEXT NOT NULL,
  value BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, task_id, idx));
CREATE TABLE IF NOT EXISTS checkpoint_appends (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '',
  channel TEXT NOT NULL, group_id TEXT NOT NULL, checkpoint_id TEXT NOT NULL, tail BLOB NOT NULL,
  PRIMARY KEY (thread_id, checkpoint_ns, channel, group_id, checkpoint_id));
CREATE TABLE IF NOT EXISTS checkpoint_blobs (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '',
  blob_id TEXT NOT NULL, checkpoint_id TEXT NOT NULL, value BLOB NOT NULL,
  PRIMARY KEY (thread_id, checkpoint_ns, blob_id));
