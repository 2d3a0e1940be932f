-- API keys: a company's integrations call the job endpoints with `Authorization: Bearer vb_live_…`.
-- The key itself is never stored: only its SHA-256 (a random 256-bit secret needs no slow hash)
-- and its first characters, shown in lists so that people can tell their keys apart.
CREATE TABLE api_keys (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  -- Whose labels the key carries (a subset, checked again on every request).
  created_by uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  name text NOT NULL,
  prefix text NOT NULL,
  hash text NOT NULL UNIQUE,
  permission text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX api_keys_company_idx ON api_keys (company_id, created_at DESC);
