-- Accounts, sessions, one-time tokens, mail outbox and login throttling.

CREATE TABLE companies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- NULL for an individual client who signed up without a company name.
  name text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE SEQUENCE account_code_seq;

CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  unique_code text NOT NULL UNIQUE,
  role text NOT NULL CHECK (role IN ('admin', 'sub-admin', 'company', 'agent')),
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text, -- +234…; NULL only for users created from the command line without one
  password_hash text NOT NULL,
  -- The company a company user or a company's sub-user belongs to; NULL for provider staff and agents.
  company_id uuid REFERENCES companies (id),
  permissions text[] NOT NULL DEFAULT '{}',
  -- 1 active, 0 disabled (spec §4).
  status smallint NOT NULL DEFAULT 1 CHECK (status IN (0, 1)),
  email_confirmed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX accounts_email_key ON accounts (lower(email));
CREATE INDEX accounts_company_idx ON accounts (company_id);

-- A session is one sign-in; its refresh tokens rotate, only their hashes are stored. Access
-- tokens name their session, so revoking it (logout, reuse, new password, disabling) is immediate.
CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);
CREATE INDEX sessions_account_idx ON sessions (account_id);

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  session_id uuid NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);

CREATE TABLE one_time_tokens (
  token_hash text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('confirm_email', 'reset_password', 'invitation')),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX one_time_tokens_account_idx ON one_time_tokens (account_id, purpose);

CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX mail_outbox_unsent_idx ON mail_outbox (created_at) WHERE sent_at IS NULL;

-- Failed sign-ins, counted per email and per IP over a window; kept in the database so that
-- several API processes share the counters.
CREATE TABLE login_failures (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  email text NOT NULL,
  ip text NOT NULL,
  at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_email_idx ON login_failures (email, at);
CREATE INDEX login_failures_ip_idx ON login_failures (ip, at);
