-- The node cache's table as the last release before versioned schemas made it (IF NOT EXISTS: see the saver's V1).
CREATE TABLE IF NOT EXISTS node_cache (namespace TEXT NOT NULL, key_hash TEXT NOT NULL, value BYTEA NOT NULL,
  expires_at BIGINT, PRIMARY KEY (namespace, key_hash));
