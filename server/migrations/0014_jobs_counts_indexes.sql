-- Overdue jobs (status assigned or accepted, past due_at) for the dashboard's count and its list of
-- the most overdue: one index per way of seeing jobs, holding only the open jobs, ordered by
-- deadline with the id as tie-breaker. Counting them and reading the first page touch the open
-- jobs of that party alone, however long the history of approved jobs grows.
DROP INDEX jobs_due_idx;
CREATE INDEX jobs_due_idx ON jobs (due_at, id) WHERE status IN ('assigned', 'accepted');
CREATE INDEX jobs_owner_due_idx ON jobs (company_id, due_at, id)
  WHERE status IN ('assigned', 'accepted');
-- With the owner, so that "assigned to us, not our own" is answered from the index alone.
CREATE INDEX jobs_assignee_company_due_idx ON jobs (assignee_company_id, due_at, id) INCLUDE (company_id)
  WHERE status IN ('assigned', 'accepted') AND assignee_company_id IS NOT NULL;
CREATE INDEX jobs_assignee_agent_due_idx ON jobs (assignee_agent_id, due_at, id)
  WHERE status IN ('assigned', 'accepted') AND assignee_agent_id IS NOT NULL;

-- Codes past JOB-999999 keep every digit: lpad to 6 cut the millionth job's code to JOB-100000,
-- which collides with an older job's.
CREATE FUNCTION next_job_code() RETURNS text LANGUAGE sql AS $$
  SELECT 'JOB-' || lpad(n::text, greatest(6, length(n::text)), '0') FROM nextval('job_code_seq') AS n
$$;
ALTER TABLE jobs ALTER COLUMN code SET DEFAULT next_job_code();

-- The dashboard's jobs per day for a partner company: the jobs assigned to it by creation time
-- (the assignee index above leads with status), with the owner to leave out its own.
CREATE INDEX jobs_assignee_company_created_idx ON jobs (assignee_company_id, created_at) INCLUDE (company_id)
  WHERE assignee_company_id IS NOT NULL;
