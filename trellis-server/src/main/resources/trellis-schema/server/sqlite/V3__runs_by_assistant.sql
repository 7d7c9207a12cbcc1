-- A2A ListTasks reads the caller's runs of one assistant in creation order (RunStore.ofAssistant). PostgreSQL's V3 also
-- changes its thread search columns; SQLite's search (trellis_thread_terms) was already list-free since V2.
CREATE INDEX IF NOT EXISTS trellis_runs_assistant ON trellis_runs (assistant_id, owner, created_at, run_id);
