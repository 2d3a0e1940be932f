-- Field agents' applications. An application is the applicant's profile (coverage, NIN, bank
-- details, photo) from the day it is sent; approving it creates the agent's account (role 'agent',
-- status 1) and links it here, so an approved agent's profile is its approved application.
-- Pending and rejected applicants have no account: nothing can be assigned to them.
CREATE SEQUENCE agent_application_code_seq;

CREATE TABLE agent_applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  code text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL, -- +234…
  state text NOT NULL, -- alias from reference/locations.ts
  lgas text[] NOT NULL CHECK (cardinality(lgas) > 0),
  nin text NOT NULL CHECK (nin ~ '^[0-9]{11}$'),
  bank_code text NOT NULL,
  account_number text NOT NULL CHECK (account_number ~ '^[0-9]{10}$'),
  account_name text NOT NULL,
  photo_key text NOT NULL,
  photo_sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by uuid REFERENCES accounts (id),
  -- The agent's account, once approved.
  account_id uuid UNIQUE REFERENCES accounts (id),
  CHECK ((status = 'pending') = (decided_at IS NULL)),
  CHECK ((status = 'approved') = (account_id IS NOT NULL))
);

-- One pending application per person: a second one with the same email, phone or NIN is refused
-- (race-free, by these indexes). After a rejection the person may apply again.
CREATE UNIQUE INDEX agent_applications_pending_email_key ON agent_applications (lower(email)) WHERE status = 'pending';
CREATE UNIQUE INDEX agent_applications_pending_phone_key ON agent_applications (phone) WHERE status = 'pending';
CREATE UNIQUE INDEX agent_applications_pending_nin_key ON agent_applications (nin) WHERE status = 'pending';
CREATE INDEX agent_applications_status_idx ON agent_applications (status, created_at DESC, id);
