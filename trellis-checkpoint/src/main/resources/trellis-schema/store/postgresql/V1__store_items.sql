-- The store's tables as the last release before versioned schemas made them (IF NOT EXISTS: see the saver's V1).
CREATE TABLE IF NOT EXISTS store_items (namespace TEXT NOT NULL, item_key TEXT NOT NULL, value TEXT NOT NULL,
  created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, expires_at BIGINT, ttl_ms BIGINT,
  PRIMARY KEY (namespace, item_key));
CREATE TABLE IF NOT EXISTS store_vectors (namespace TEXT NOT NULL, item_key TEXT NOT NULL, ord INTEGER NOT NULL,
  vector BYTEA NOT NULL, PRIMARY KEY (namespace, item_key, ord));
-- Keyword search: a tsvector column with a GIN index ranked by ts_rank.
CREATE TABLE IF NOT EXISTS store_fts (namespace TEXT NOT NULL, item_key TEXT NOT NULL, content TSVECTOR NOT NULL,
  PRIMARY KEY (namespace, item_key));
CREATE INDEX IF NOT EXISTS store_fts_content ON store_fts USING GIN (content);
