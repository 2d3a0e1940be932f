-- Verification jobs, their history, attachments, and TAT/price settings (DESIGN §3).

CREATE TABLE tat_settings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  state text NOT NULL,
  job_type text NOT NULL CHECK (job_type IN ('address', 'business_address', 'business', 'product')),
  audience text NOT NULL CHECK (audience IN ('company', 'agent')),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  tat_in_hours integer NOT NULL CHECK (tat_in_hours >= 1),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz,
  UNIQUE (state, job_type, audience)
);

CREATE SEQUENCE job_code_seq;

CREATE TABLE jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE DEFAULT ('JOB-' || lpad(nextval('job_code_seq')::text, 6, '0')),
  type text NOT NULL CHECK (type IN ('address', 'business_address', 'business', 'product')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN
    ('pending', 'assigned', 'accepted', 'declined', 'submitted', 'approved', 'rejected', 'cancelled')),
  -- The owner: the client company the job is done for.
  company_id uuid NOT NULL REFERENCES companies (id),
  created_by uuid REFERENCES accounts (id),
  state text NOT NULL,
  lga text NOT NULL,
  -- Who or what is verified (person, business or product name): listed and searched.
  subject_name text NOT NULL,
  -- The kind's own fields, by their wire names.
  fields jsonb NOT NULL,
  assignee_type text CHECK (assignee_type IN ('company', 'agent')),
  assignee_company_id uuid REFERENCES companies (id),
  assignee_agent_id uuid REFERENCES accounts (id),
  assigned_at timestamptz,
  due_at timestamptz,
  -- Money (a later issue): what the owner was charged and the assignee's fee, in kobo.
  price_kobo bigint,
  fee_kobo bigint,
  -- The reviewer's rating of the assignee's work, 1-5.
  rating smallint CHECK (rating BETWEEN 1 AND 5),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((assignee_type = 'company') = (assignee_company_id IS NOT NULL)),
  CHECK ((assignee_type = 'agent') = (assignee_agent_id IS NOT NULL))
);
-- Lists are newest first with the id as tie-breaker: indexes in that exact order let a page of 25
-- be read straight off the index instead of sorting every matching row.
CREATE INDEX jobs_owner_idx ON jobs (company_id, status, created_at DESC, id DESC);
CREATE INDEX jobs_owner_created_idx ON jobs (company_id, created_at DESC, id DESC);
CREATE INDEX jobs_created_idx ON jobs (created_at DESC, id DESC);
CREATE INDEX jobs_status_idx ON jobs (status, created_at DESC, id DESC);
-- With created_at, so that "jobs assigned to us, newest first" reads one index range like the owner's.
CREATE INDEX jobs_assignee_company_idx ON jobs (assignee_company_id, status, created_at DESC, id DESC) WHERE assignee_company_id IS NOT NULL;
CREATE INDEX jobs_assignee_agent_idx ON jobs (assignee_agent_id, status, created_at DESC, id DESC) WHERE assignee_agent_id IS NOT NULL;
CREATE INDEX jobs_due_idx ON jobs (due_at) WHERE status IN ('assigned', 'accepted');

CREATE TABLE job_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  actor_id uuid REFERENCES accounts (id),
  from_status text,
  to_status text NOT NULL,
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_events_job_idx ON job_events (job_id, id);

CREATE TABLE job_attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  content_type text NOT NULL,
  size_bytes integer NOT NULL,
  sha256 text NOT NULL,
  storage_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX job_attachments_job_idx ON job_attachments (job_id);

-- Jobs per status for every party (everyone, an owner company, an assignee company or agent),
-- kept by statement-level triggers: list totals, status tabs and dashboards read a handful of
-- rows instead of counting up to 100,000 jobs on every page.
CREATE TABLE job_counts (
  party_kind text NOT NULL CHECK (party_kind IN ('all', 'owner', 'assignee_company', 'assignee_agent')),
  -- The nil uuid for 'all'.
  party_id uuid NOT NULL,
  status text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (party_kind, party_id, status)
);

CREATE TYPE job_count_change AS (
  status text,
  company_id uuid,
  assignee_company_id uuid,
  assignee_agent_id uuid,
  d integer
);

CREATE FUNCTION job_counts_add(changes job_count_change[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO job_counts (party_kind, party_id, status, n)
  SELECT v.k, v.p, c.status, sum(c.d)
    FROM unnest(changes) AS c
    CROSS JOIN LATERAL (VALUES
      ('all', '00000000-0000-0000-0000-000000000000'::uuid),
      ('owner', c.company_id),
      ('assignee_company', c.assignee_company_id),
      ('assignee_agent', c.assignee_agent_id)) AS v (k, p)
   WHERE v.p IS NOT NULL
   GROUP BY v.k, v.p, c.status
  HAVING sum(c.d) <> 0
  ON CONFLICT (party_kind, party_id, status) DO UPDATE SET n = job_counts.n + excluded.n
$$;

CREATE FUNCTION job_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM job_counts_add(ARRAY(SELECT ROW(status, company_id, assignee_company_id, assignee_agent_id, 1)::job_count_change FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM job_counts_add(ARRAY(SELECT ROW(status, company_id, assignee_company_id, assignee_agent_id, -1)::job_count_change FROM old_rows));
  ELSE
    PERFORM job_counts_add(ARRAY(
      SELECT ROW(status, company_id, assignee_company_id, assignee_agent_id, 1)::job_count_change FROM new_rows
      UNION ALL
      SELECT ROW(status, company_id, assignee_company_id, assignee_agent_id, -1)::job_count_change FROM old_rows));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER jobs_count_insert AFTER INSERT ON jobs
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_counts_track();
CREATE TRIGGER jobs_count_update AFTER UPDATE ON jobs
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION job_counts_track();
CREATE TRIGGER jobs_count_delete AFTER DELETE ON jobs
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION job_counts_track();
