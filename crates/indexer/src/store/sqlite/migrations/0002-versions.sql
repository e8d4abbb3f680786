-- Version 2: the schema's version is recorded. Stores made before this table existed
-- are version 1 (the base schema).
CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_ms INTEGER NOT NULL);
