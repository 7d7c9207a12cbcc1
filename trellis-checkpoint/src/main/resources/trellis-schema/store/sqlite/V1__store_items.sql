-- The store's tables as the last release before versioned schemas made them (IF NOT EXISTS: see the saver's V1).
CREATE TABLE IF NOT EXISTS store_items (namespace TEXT NOT NULL, item_key TEXT NOT NULL, value TEXT NOT NULL,
  created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, expires_at BIGINT, ttl_ms BIGINT,
  PRIMARY KEY (namespace, item_key));
CREATE TABLE IF NOT EXISTS store_vectors (namespace TEXT NOT NULL, item_key TEXT NOT NULL, ord INTEGER NOT NULL,
  vector BLOB NOT NULL, PRIMARY KEY (namespace, item_key, ord));
-- Keyword search: an FTS5 table ranked by bm25.
CREATE VIRTUAL TABLE IF NOT EXISTS store_fts USING fts5(namespace UNINDEXED, item_key UNINDEXED, content,
  tokenize = 'porter unicode61');
