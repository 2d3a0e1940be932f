-- Deep pages of the jobs list are read from remembered page boundaries (repositories/jobsPageKeys.ts):
-- "row 50,000 of this list is (key, id)", so that a page is an index seek past that key instead of a
-- walk past 50,000 rows. Such a boundary holds while no job of the viewer's parties changed: each
-- counter row now also counts the statements that wrote a job of its party and status (`writes`),
-- even when they left the number of jobs as it was (a name erased, a due date moved). A list reads
-- the sum of its parties' `writes` in the same statement as its page and uses the boundaries only
-- when that sum is the one they were read at. Kept by the same function as the counts: the rows a
-- job write already locks, no row that every write would share. Staged jobs are no one's until
-- their import ends, which adds them here in the same transaction.
ALTER TABLE job_counts ADD COLUMN writes bigint NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION job_counts_add(changes job_count_change[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO job_counts (party_kind, party_id, status, n, writes)
  SELECT v.k, v.p, c.status, sum(c.d), 1
    FROM unnest(changes) AS c
    CROSS JOIN LATERAL (VALUES
      ('all', '00000000-0000-0000-0000-000000000000'::uuid),
      ('owner', c.company_id),
      ('assignee_company', c.assignee_company_id),
      ('assignee_agent', c.assignee_agent_id)) AS v (k, p)
   WHERE v.p IS NOT NULL
   GROUP BY v.k, v.p, c.status
  ON CONFLICT (party_kind, party_id, status)
  DO UPDATE SET n = job_counts.n + excluded.n, writes = job_counts.writes + 1
$$;
