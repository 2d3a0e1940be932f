-- Field capture (issue 4, DESIGN §3): capture links, the agent's submission and its photos.

-- A capture link's token. Looked up by its SHA-256 only; `token_sealed` is the token encrypted
-- (AES-256-GCM, key derived from JWT_SECRET) so that the job profile and "my jobs" can show the
-- link again. At most one live (not revoked) link per job.
CREATE TABLE capture_tokens (
  token_hash text PRIMARY KEY,
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  -- Who the link is for: the assigned agent, or the assignee company (a partner's field worker).
  agent_id uuid REFERENCES accounts (id),
  assignee_company_id uuid REFERENCES companies (id),
  token_sealed text NOT NULL,
  created_by uuid REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  CHECK ((agent_id IS NULL) <> (assignee_company_id IS NULL))
);
CREATE UNIQUE INDEX capture_tokens_live_job_idx ON capture_tokens (job_id) WHERE revoked_at IS NULL;
CREATE INDEX capture_tokens_live_agent_idx ON capture_tokens (agent_id) WHERE revoked_at IS NULL AND agent_id IS NOT NULL;

-- The one submission of a job's evidence. `answer` is the body of the first 201, replayed to a
-- retry with the same idempotency key.
CREATE TABLE capture_submissions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  job_id uuid NOT NULL UNIQUE REFERENCES jobs (id) ON DELETE CASCADE,
  token_hash text REFERENCES capture_tokens (token_hash) ON DELETE SET NULL,
  idempotency_key text NOT NULL,
  lat double precision CHECK (lat BETWEEN -90 AND 90),
  lng double precision CHECK (lng BETWEEN -180 AND 180),
  accuracy_m double precision CHECK (accuracy_m >= 0),
  -- Submitted without coordinates (location refused or unavailable): allowed, flagged for review.
  no_gps boolean NOT NULL,
  location_text text,
  -- The device's clock at capture, as sent; received_at is ours.
  captured_at timestamptz,
  received_at timestamptz NOT NULL DEFAULT now(),
  answer jsonb NOT NULL,
  UNIQUE (job_id, idempotency_key),
  CHECK ((lat IS NULL) = (lng IS NULL)),
  CHECK (no_gps = (lat IS NULL))
);

CREATE TABLE capture_photos (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  submission_id uuid NOT NULL REFERENCES capture_submissions (id) ON DELETE CASCADE,
  -- Repeated from the submission so that duplicate checks name the other job without a join.
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('selfie', 'house', 'utility_bill')),
  storage_key text NOT NULL,
  sha256 text NOT NULL,
  size_bytes integer NOT NULL,
  width integer,
  height integer,
  -- 64-bit difference hash (dHash) as a signed bigint; NULL if the image could not be decoded.
  phash bigint,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (submission_id, kind)
);
CREATE INDEX capture_photos_job_idx ON capture_photos (job_id);
-- Same bytes on another job: an exact lookup.
CREATE INDEX capture_photos_sha256_idx ON capture_photos (sha256);
-- Near-duplicates are a Hamming distance, not an equality: they scan the recent photos by date
-- (the index below); the phash index serves exact perceptual matches.
CREATE INDEX capture_photos_phash_idx ON capture_photos (phash);
CREATE INDEX capture_photos_created_idx ON capture_photos (created_at);
