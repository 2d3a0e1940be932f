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
