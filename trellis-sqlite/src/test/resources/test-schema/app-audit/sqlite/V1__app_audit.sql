-- An application's own table beside the store's (SqliteStoreTest).
CREATE TABLE app_audit (id TEXT PRIMARY KEY);
