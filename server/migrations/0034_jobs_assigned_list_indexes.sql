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

-- No index for a state filter sorted by the subject's name ((company_id, state, subject_name, id)
-- and (state, subject_name, id) served it from one range): the two cost a 10,000-job COPY about
-- 1.44x (bench/jobInsertCost.ts, 5.1 s without, 7.4 s with) for one filter and order, which the
-- remembered page boundaries keep, on deep pages, to about a first page's cost (jobsPageKeys.ts).
