-- Task writes and list rows are looked up only by their primary key, and most rows are short (a write's key is ~105 of
-- its ~115 bytes): as WITHOUT ROWID tables each row lives once, in the primary key's b-tree, instead of a rowid table
-- plus an index copying its key. Rows copied as they are.
CREATE TABLE checkpoint_writes_v2 (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '',
  checkpoint_id TEXT NOT NULL, task_id TEXT NOT NULL, idx INTEGER NOT NULL, channel TEXT NOT NULL,
  value BLOB, PRIMARY KEY (thread_id, checkpoint_ns, checkpoint_id, task_id, idx)) WITHOUT ROWID;
INSERT INTO checkpoint_writes_v2 (thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, value)
  SELECT thread_id, checkpoint_ns, checkpoint_id, task_id, idx, channel, value FROM checkpoint_writes;
DROP TABLE checkpoint_writes;
ALTER TABLE checkpoint_writes_v2 RENAME TO checkpoint_writes;
CREATE TABLE checkpoint_appends_v2 (thread_id TEXT NOT NULL, checkpoint_ns TEXT NOT NULL DEFAULT '',
  channel TEXT NOT NULL, group_id TEXT NOT NULL, checkpoint_id TEXT NOT NULL, tail BLOB NOT NULL,
  PRIMARY KEY (thread_id, checkpoint_ns, channel, group_id, checkpoint_id)) WITHOUT ROWID;
INSERT INTO checkpoint_appends_v2 (thread_id, checkpoint_ns, channel, group_id, checkpoint_id, tail)
  SELECT thread_id, checkpoint_ns, channel, group_id, checkpoint_id, tail FROM checkpoint_appends;
DROP TABLE checkpoint_appends;
ALTER TABLE checkpoint_appends_v2 RENAME TO checkpoint_appends;
