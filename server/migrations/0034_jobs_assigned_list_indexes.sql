-- The jobs list of a partner company or an agent, sorted by any column the screen offers: an index
-- per assignee kind in exactly the list's order (the sort key, then the id), so that a page is
-- read off one index range instead of gathering and sorting every job assigned to the party on
-- each page (about 33 ms for 22,000). Only assigned jobs are in them: a new job is written to none.
-- The subject's name is the key as the assignee reads it: hidden ('') once the job was declined
-- or cancelled, where it is a person's name (repositories/jobsView.ts `subjectSql`, which writes
-- this same expression: the planner uses the index only while the two are equal).
CREATE INDEX jobs_assignee_company_code_idx ON jobs (assignee_company_id, code, id)
  WHERE assignee_company_id IS NOT NULL;
CREATE INDEX jobs_assignee_company_type_idx ON jobs (assignee_company_id, type, id)
  WHERE assignee_company_id IS NOT NULL;
CREATE INDEX jobs_assignee_company_name_idx ON jobs (assignee_company_id,
  (CASE WHEN status IN ('declined', 'cancelled') AND type IN ('address') THEN '' ELSE subject_name END), id)
  WHERE assignee_company_id IS NOT NULL;
CREATE INDEX jobs_assignee_company_state_idx ON jobs (assignee_company_id, state, id)
  WHERE assignee_company_id IS NOT NULL;
CREATE INDEX jobs_assignee_company_status_id_idx ON jobs (assignee_company_id, status, id)
  WHERE assignee_company_id IS NOT NULL;
CREATE INDEX jobs_assignee_company_due_at_idx ON jobs (assignee_company_id, due_at, id)
  WHERE assignee_company_id IS NOT NULL;

CREATE INDEX jobs_assignee_agent_code_idx ON jobs (assignee_agent_id, code, id)
  WHERE assignee_agent_id IS NOT NULL;
CREATE INDEX jobs_assignee_agent_type_idx ON jobs (assignee_agent_id, type, id)
  WHERE assignee_agent_id IS NOT NULL;
CREATE INDEX jobs_assignee_agent_name_idx ON jobs (assignee_agent_id,
  (CASE WHEN status IN ('declined', 'cancelled') AND type IN ('address') THEN '' ELSE subject_name END), id)
  WHERE assignee_agent_id IS NOT NULL;
CREATE INDEX jobs_assignee_agent_state_idx ON jobs (assignee_agent_id, state, id)
  WHERE assignee_agent_id IS NOT NULL;
CREATE INDEX jobs_assignee_agent_status_id_idx ON jobs (assignee_agent_id, status, id)
  WHERE assignee_agent_id IS NOT NULL;
CREATE INDEX jobs_assignee_agent_due_at_idx ON jobs (assignee_agent_id, due_at, id)
  WHERE assignee_agent_id IS NOT NULL;

-- A state filter sorted by the subject's name, for a company's own jobs and for all jobs: the
-- state's jobs in name order from one range, where the name index was filtered row by row.
CREATE INDEX jobs_owner_state_name_idx ON jobs (company_id, state, subject_name, id);
CREATE INDEX jobs_state_name_idx ON jobs (state, subject_name, id);
