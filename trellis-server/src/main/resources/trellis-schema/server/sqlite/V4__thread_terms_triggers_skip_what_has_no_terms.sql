-- The term triggers run only when they can change a term: a thread inserted with no metadata and no values (POST
-- /threads without metadata: '{}' and NULL, whose json_tree has no leaf) ran two empty INSERT ... SELECT json_tree
-- statements, and an update that sets metadata to the text it had (every run on an existing thread) deleted and
-- inserted the same metadata terms again. Bodies unchanged (V1's, which ThreadTerms.TERM and LEAF spell too).
DROP TRIGGER IF EXISTS trellis_threads_terms_insert;
CREATE TRIGGER trellis_threads_terms_insert AFTER INSERT ON trellis_threads
WHEN COALESCE(NEW.metadata, '{}') <> '{}' OR COALESCE(NEW.values_json, '{}') <> '{}' BEGIN
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
DROP TRIGGER IF EXISTS trellis_threads_terms_metadata;
CREATE TRIGGER trellis_threads_terms_metadata AFTER UPDATE OF metadata ON trellis_threads
WHEN NEW.metadata IS NOT OLD.metadata BEGIN
  DELETE FROM trellis_thread_terms WHERE thread_id = OLD.thread_id AND field = 'metadata';
INSERT INTO trellis_thread_terms (thread_id, owner, field, path, term) SELECT NEW.thread_id, NEW.owner, 'metadata',
  fullkey, CASE type WHEN 'text' THEN 's:' || atom WHEN 'integer' THEN 'n:' || CAST(atom AS REAL) WHEN 'real' THEN
  'n:' || CAST(atom AS REAL) WHEN 'true' THEN 'b:1' WHEN 'false' THEN 'b:0' ELSE 'z' END FROM
  json_tree(COALESCE(NEW.metadata, '{}')) WHERE type NOT IN ('object', 'array') AND fullkey NOT LIKE '%[%' AND (type
  <> 'text' OR length(atom) <= 256);
END;
