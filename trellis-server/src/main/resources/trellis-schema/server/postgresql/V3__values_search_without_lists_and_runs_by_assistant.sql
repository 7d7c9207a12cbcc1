-- Thread search on values without re-indexing a thread's whole state at every run's end. V1 kept values_jsonb, a
-- stored generated copy of values_json under a GIN index: each run's end parsed the whole state (a long thread's
-- message list, megabytes) into jsonb and indexed every path of every message. Now the server writes values_search,
-- the values with every list left empty and every text longer than 256 characters left out (Json.writeSearchable,
-- what trellis_values_search below computes), and a values filter is matched as `values_search @> the filter made the
-- same way`, then, only when the filter holds a list or a long text, `values_json::jsonb @> the filter` on the threads
-- that passed (ThreadQuery). Whatever the full values contain, the searchable copy contains made the same way, so the
-- answers are those of `@>` on the full values.
DROP INDEX IF EXISTS trellis_threads_values_jsonb;
ALTER TABLE trellis_threads DROP COLUMN IF EXISTS values_jsonb;
ALTER TABLE trellis_threads ADD COLUMN IF NOT EXISTS values_search jsonb;

-- The searchable copy of a JSON value, as the server writes it (kept for backfills and hand-written rows).
CREATE OR REPLACE FUNCTION trellis_values_search(v jsonb) RETURNS jsonb LANGUAGE sql IMMUTABLE STRICT
  SET search_path FROM CURRENT AS $$
  SELECT CASE jsonb_typeof(v)
    WHEN 'object' THEN (SELECT COALESCE(jsonb_object_agg(e.key, trellis_values_search(e.value)), '{}'::jsonb)
      FROM jsonb_each(v) e WHERE jsonb_typeof(e.value) <> 'string' OR length(e.value #>> '{}') <= 256)
    WHEN 'array' THEN '[]'::jsonb
    ELSE v END
$$;
UPDATE trellis_threads SET values_search = trellis_values_search(values_json::jsonb) WHERE values_json IS NOT NULL;
CREATE INDEX IF NOT EXISTS trellis_threads_values_search ON trellis_threads USING GIN (values_search jsonb_path_ops);

-- A2A ListTasks reads the caller's runs of one assistant in creation order (RunStore.ofAssistant).
CREATE INDEX IF NOT EXISTS trellis_runs_assistant ON trellis_runs (assistant_id, owner, created_at, run_id);
