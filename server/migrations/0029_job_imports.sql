-- Bulk imports on the embedded database (PGlite, one connection): 100,000 jobs inserted in one
-- transaction held every other statement for their whole length. An import now writes its jobs in
-- short chunks, each its own transaction, tied to an import row that is `staging` while it runs:
-- every read of jobs leaves out the jobs of a staging import (`visibleJobSql`, and the counters
-- below), so they are no one's until one short transaction ends the staging and charges the owner.
-- An import that fails, or whose process died, is swept: its jobs deleted, its row with them.
CREATE TABLE job_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id),
  created_by uuid REFERENCES accounts (id) ON DELETE SET NULL,
  jobs integer NOT NULL CHECK (jobs > 0),
  staging boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- Staging imports are few and short-lived: reads find them through this index.
CREATE INDEX job_imports_staging_idx ON job_imports (id) WHERE staging;

-- No foreign key: its check would cost a lookup per inserted row; the sweep deletes the jobs of
-- an import before the import.
ALTER TABLE jobs ADD COLUMN import_id uuid;
CREATE INDEX jobs_import_idx ON jobs (import_id) WHERE import_id IS NOT NULL;

-- The counters leave out staged jobs: an import adds its jobs to them when it ends its staging
-- (`job_counts_add` in the same transaction), and a swept import never counted.
CREATE OR REPLACE FUNCTION job_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM job_counts_add(ARRAY(SELECT ROW(status, company_id, assignee_company_id, assignee_agent_id, 1)::job_count_change
      FROM new_rows n WHERE n.import_id IS NULL
         OR n.import_id NOT IN (SELECT i.id FROM job_imports i WHERE i.staging)));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM job_counts_add(ARRAY(SELECT ROW(status, company_id, assignee_company_id, assignee_agent_id, -1)::job_count_change
      FROM old_rows o WHERE o.import_id IS NULL
         OR o.import_id NOT IN (SELECT i.id FROM job_imports i WHERE i.staging)));
  ELSE
    PERFORM job_counts_add(ARRAY(
      SELECT ROW(status, company_id, assignee_company_id, assignee_agent_id, 1)::job_count_change
        FROM new_rows n WHERE n.import_id IS NULL
           OR n.import_id NOT IN (SELECT i.id FROM job_imports i WHERE i.staging)
      UNION ALL
      SELECT ROW(status, company_id, assignee_company_id, assignee_agent_id, -1)::job_count_change
        FROM old_rows o WHERE o.import_id IS NULL
           OR o.import_id NOT IN (SELECT i.id FROM job_imports i WHERE i.staging)));
  END IF;
  RETURN NULL;
END
$$;
