-- Search needs trigram matching on names and team-first GIN indexes (btree_gin). Both are trusted
-- extensions: a database owner may create them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;
