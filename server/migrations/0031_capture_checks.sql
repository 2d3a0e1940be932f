-- What the machine checked in a capture submission (services/checks/runner.ts): the bill read and
-- matched with the claim, the capture point against the claimed state and LGA, the selfie's faces.
-- One row per submission, written 'pending' with its queued job in the submission's transaction
-- (and again by a reviewer's "check again"); the queue's worker writes the results. The bill's text
-- names the subject: the row goes with the job's personal data (services/retention.ts).
CREATE TABLE capture_checks (
  submission_id uuid PRIMARY KEY REFERENCES capture_submissions (id) ON DELETE CASCADE,
  job_id uuid NOT NULL UNIQUE REFERENCES jobs (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'done', 'failed')),
  -- Each check's result as services/checks/types.ts shapes it; NULL: not run, or it failed.
  bill jsonb,
  place jsonb,
  face jsonb,
  -- [{code, message}], shown beside the submission's other warnings.
  warnings jsonb NOT NULL DEFAULT '[]',
  -- The checks that threw ('bill', 'place', 'face'), and their errors for the log.
  failed_parts text[] NOT NULL DEFAULT '{}',
  error text,
  -- Bumped by each request to check again: a worker's older run does not overwrite a newer one.
  run integer NOT NULL DEFAULT 1,
  queued_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  CHECK ((status = 'pending') = (finished_at IS NULL))
);
