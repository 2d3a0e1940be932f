-- Sessions a user can see and end: the device (User-Agent, at most 300 characters), the address
-- the session signed in from and the last one it refreshed from, and when it was last used (a
-- sign-in or a refresh: the app refreshes while it is open, so no write per request).
ALTER TABLE sessions
  ADD COLUMN user_agent text CHECK (char_length(user_agent) <= 300),
  ADD COLUMN created_ip text,
  ADD COLUMN last_ip text,
  ADD COLUMN last_used_at timestamptz;
-- A session's last use so far: its newest refresh token was issued then.
UPDATE sessions s SET last_used_at = coalesce(
  (SELECT max(t.created_at) FROM refresh_tokens t WHERE t.session_id = s.id), s.created_at);
ALTER TABLE sessions ALTER COLUMN last_used_at SET NOT NULL,
  ALTER COLUMN last_used_at SET DEFAULT now();

-- The breach register (Nigeria Data Protection Act 2023, s. 40): every personal-data breach the
-- provider becomes aware of, what it touched, and when the NDPC (within 72 hours of becoming aware)
-- and the people affected were told. A register keeps its entries: there is no delete.
CREATE TABLE breaches (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  description text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 5000),
  occurred_at timestamptz,
  found_at timestamptz NOT NULL,
  data_affected text NOT NULL CHECK (char_length(data_affected) BETWEEN 1 AND 2000),
  people_affected integer CHECK (people_affected >= 0),
  who_was_told text NOT NULL DEFAULT '' CHECK (char_length(who_was_told) <= 2000),
  ndpc_notified_at timestamptz,
  people_notified_at timestamptz,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  recorded_by uuid NOT NULL REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (occurred_at IS NULL OR occurred_at <= found_at),
  CHECK (ndpc_notified_at IS NULL OR ndpc_notified_at >= found_at),
  CHECK (people_notified_at IS NULL OR people_notified_at >= found_at)
);
CREATE INDEX breaches_found_idx ON breaches (found_at DESC, id DESC);
