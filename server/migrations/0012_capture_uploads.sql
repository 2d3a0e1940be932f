-- Photos the capture wizard sends one by one, as soon as each is taken, before the submission
-- closes. One per job and kind (a retake replaces it); the submission moves them into
-- capture_photos. Rows of submissions never finished are swept after CAPTURE_UPLOAD_RETENTION_DAYS.
CREATE TABLE capture_uploads (
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('selfie', 'house', 'utility_bill')),
  -- Of the bytes the agent sent, as the client names them: a photo already here is not sent again.
  sha256 text NOT NULL,
  storage_key text NOT NULL,
  size_bytes integer NOT NULL,
  width integer,
  height integer,
  phash bigint,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (job_id, kind)
);
CREATE INDEX capture_uploads_received_idx ON capture_uploads (received_at);
