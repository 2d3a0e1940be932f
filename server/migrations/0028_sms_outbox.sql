-- Text messages (services/sms.ts): a capture link sent to a phone. Written with its queued job in
-- the request's transaction; the queue's worker hands it to the SMS driver. The body holds a live
-- capture link, so it is cleared once the message is delivered or given up.
CREATE TABLE sms_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  job_id uuid REFERENCES jobs (id) ON DELETE CASCADE,
  to_phone text NOT NULL,
  body text,
  sent_by uuid REFERENCES accounts (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  failed_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text,
  provider_message_id text
);
CREATE INDEX sms_outbox_job_idx ON sms_outbox (job_id, created_at DESC);
