-- Searching jobs by part of the subject's name (the list's `q` filter) reads a trigram index
-- instead of scanning every job: ILIKE '%text%' can use it. PGlite ships pg_trgm as a contrib
-- extension (server/db/pglite.ts loads it); PostgreSQL has it in postgresql-contrib.
-- In public, named with it: an extension belongs to one schema of the whole database, and the
-- tests give each file its own schema (dropped afterwards) on one PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
CREATE INDEX jobs_subject_trgm_idx ON jobs USING gin (subject_name public.gin_trgm_ops);
