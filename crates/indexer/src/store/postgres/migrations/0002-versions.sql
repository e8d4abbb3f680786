-- Version 2: the schema's version is recorded (as in SQLite, where stores from before
-- this table exist).
CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_ms BIGINT NOT NULL);
