-- Retention and data-subject requests (services/retention.ts, services/dataSubject.ts).

-- When a job's personal data was erased: its subject, fields, evidence, attachments and the free
-- text of its history are gone; code, kind, status, state, LGA, dates and money are kept.
ALTER TABLE jobs ADD COLUMN erased_at timestamptz;

-- An erased applicant keeps their coverage (state, LGAs) and dates; who they were is gone.
ALTER TABLE agent_applications
  ADD COLUMN erased_at timestamptz,
  ALTER COLUMN phone DROP NOT NULL,
  ALTER COLUMN nin DROP NOT NULL,
  ALTER COLUMN account_number DROP NOT NULL,
  ALTER COLUMN photo_key DROP NOT NULL;

-- An erased account stays (ledger rows and audit entries name it), anonymized and signed out.
ALTER TABLE accounts ADD COLUMN erased_at timestamptz;

-- Stored files whose rows were erased: deleted after the erasure commits, retried until the
-- store confirms. No row points at a file listed here.
CREATE TABLE file_deletions (
  storage_key text PRIMARY KEY,
  queued_at timestamptz NOT NULL DEFAULT now(),
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
