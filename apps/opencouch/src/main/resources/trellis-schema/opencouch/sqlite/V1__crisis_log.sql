-- OpenCouch's crisis log as the last release before versioned schemas made it (IF NOT EXISTS: a database from that
-- release, baselined at version 0, keeps its rows). The dialects' common subset.
CREATE TABLE IF NOT EXISTS opencouch_crisis_log (record_id TEXT PRIMARY KEY, thread_id TEXT, user_id TEXT,
  session_id TEXT, turn INTEGER NOT NULL, severity TEXT, category TEXT, layer TEXT, matched TEXT, message TEXT,
  response_status TEXT, memory_mode TEXT, created_at BIGINT NOT NULL);
