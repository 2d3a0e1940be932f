-- Webhooks: a company's endpoints, the job events published to them and each endpoint's
-- deliveries of each event. Events are written in the transaction that moved the job, with
-- one delivery per subscribed endpoint; the queue then sends them, in order per (endpoint, job).
CREATE TABLE webhook_endpoints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  url text NOT NULL CHECK (length(url) <= 2000),
  events text[] NOT NULL CHECK (cardinality(events) > 0),
  -- The signing secret, sealed (AES-256-GCM under a key derived from JWT_SECRET): shown once.
  secret_sealed text NOT NULL,
  created_by uuid REFERENCES accounts (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  disabled_at timestamptz,
  -- Since when its deliveries have failed without a success between; cleared by a success.
  failing_since timestamptz
);
CREATE INDEX webhook_endpoints_company_idx ON webhook_endpoints (company_id, created_at);

CREATE TABLE webhook_events (
  -- The event id of the body (`id`), the same for every endpoint and every try.
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  job_id uuid NOT NULL REFERENCES jobs (id) ON DELETE CASCADE,
  type text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Ordered per (endpoint, job) by seq: the order the events were written in.
  seq bigserial NOT NULL,
  endpoint_id uuid NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
  event_id uuid NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
  job_id uuid NOT NULL,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'delivered', 'failed', 'given_up')),
  attempts integer NOT NULL DEFAULT 0,
  last_status_code integer,
  last_error text,
  last_duration_ms integer,
  first_failed_at timestamptz,
  next_attempt_at timestamptz,
  -- A process sending it now holds it until then: a second copy of its queued job waits.
  claimed_until timestamptz,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (endpoint_id, event_id)
);
-- The endpoint's log, newest first.
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (endpoint_id, created_at DESC, seq DESC);
-- The deliveries still to send of one (endpoint, job), oldest first: the order rule.
CREATE INDEX webhook_deliveries_open_idx ON webhook_deliveries (endpoint_id, job_id, seq)
  WHERE status IN ('pending', 'failed');
