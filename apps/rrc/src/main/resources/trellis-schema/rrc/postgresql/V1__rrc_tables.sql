-- RRC's tables as the last release before versioned schemas made them: the knowledge graph (its rows are seeded
-- from dev/trellis/apps/rrc/kg.sql on each start), the skills and their ledger, the approvals. IF NOT EXISTS:
-- a database from that release (baselined at version 0) keeps its rows. The dialects' common subset.
CREATE TABLE IF NOT EXISTS rrc_kg_operators (operator_id TEXT PRIMARY KEY, name TEXT NOT NULL, rrc_operator_no TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rrc_kg_leases (lease_id TEXT PRIMARY KEY, name TEXT NOT NULL, operator_id TEXT NOT NULL, county TEXT NOT NULL,
  district TEXT NOT NULL, field TEXT NOT NULL, acres DOUBLE PRECISION NOT NULL,
  min_x DOUBLE PRECISION NOT NULL, min_y DOUBLE PRECISION NOT NULL, max_x DOUBLE PRECISION NOT NULL, max_y DOUBLE PRECISION NOT NULL);
CREATE TABLE IF NOT EXISTS rrc_kg_wells (api TEXT PRIMARY KEY, name TEXT NOT NULL, lease_id TEXT NOT NULL, operator_id TEXT NOT NULL,
  status TEXT NOT NULL, x_ft DOUBLE PRECISION NOT NULL, y_ft DOUBLE PRECISION NOT NULL, target_formation TEXT NOT NULL,
  gas_mcfd DOUBLE PRECISION NOT NULL, flared_mcfd DOUBLE PRECISION NOT NULL, flaring_days INTEGER NOT NULL,
  h2s_ppm DOUBLE PRECISION NOT NULL, co2_pct DOUBLE PRECISION NOT NULL, btu_per_scf DOUBLE PRECISION NOT NULL, pipeline_distance_mi DOUBLE PRECISION NOT NULL);
CREATE TABLE IF NOT EXISTS rrc_kg_entities (entity_id TEXT PRIMARY KEY, entity_type TEXT NOT NULL, name TEXT NOT NULL,
  aliases TEXT NOT NULL DEFAULT '', ref TEXT, attributes TEXT NOT NULL DEFAULT '{}', created_by TEXT);
CREATE TABLE IF NOT EXISTS rrc_kg_links (from_id TEXT NOT NULL, relation TEXT NOT NULL, to_id TEXT NOT NULL,
  created_by TEXT, PRIMARY KEY (from_id, relation, to_id));
CREATE TABLE IF NOT EXISTS rrc_skills (skill_id TEXT PRIMARY KEY, name TEXT NOT NULL, persona_key TEXT,
  description TEXT NOT NULL, steps TEXT NOT NULL, requirements TEXT NOT NULL, output_format TEXT NOT NULL,
  tools TEXT NOT NULL, rules TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS rrc_skill_artifacts (skill_id TEXT NOT NULL, seq INTEGER NOT NULL, title TEXT NOT NULL,
  kind TEXT NOT NULL, content TEXT NOT NULL, PRIMARY KEY (skill_id, seq));
CREATE TABLE IF NOT EXISTS rrc_skill_ledger (conversation_id TEXT NOT NULL, skill_id TEXT NOT NULL,
  injected_at TEXT NOT NULL, PRIMARY KEY (conversation_id, skill_id));
CREATE TABLE IF NOT EXISTS rrc_hitl_approvals (approval_id TEXT PRIMARY KEY, thread_id TEXT NOT NULL,
  conversation_id TEXT NOT NULL, tenant_id TEXT, execution_id TEXT, checkpoint_types TEXT NOT NULL, tool_name TEXT,
  tool_call_id TEXT, args_digest TEXT, content_digest TEXT, status TEXT NOT NULL, reviewer TEXT, comment TEXT,
  payload TEXT NOT NULL, created_at TEXT NOT NULL, decided_at TEXT, executions INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS rrc_hitl_approvals_thread ON rrc_hitl_approvals (thread_id, status);
