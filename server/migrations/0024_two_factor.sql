-- Two-factor sign-in: a TOTP secret per account (sealed with AES-256-GCM under a key derived from
-- the app's secret, never stored plain), its one-time recovery codes (hashed), the sign-in
-- tickets between password and code (one_time_tokens), and the policies that require it.
CREATE TABLE two_factor (
  account_id uuid PRIMARY KEY REFERENCES accounts (id) ON DELETE CASCADE,
  -- Set up but not yet confirmed with a code: replaced by each new setup.
  pending_secret_sealed text,
  -- The secret in force; both NULL or both set with enabled_at.
  secret_sealed text,
  enabled_at timestamptz,
  -- The last accepted TOTP time step: a code is accepted once, a replay in its window fails.
  last_step bigint,
  CHECK ((secret_sealed IS NULL) = (enabled_at IS NULL))
);

CREATE TABLE two_factor_recovery_codes (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  used_at timestamptz,
  PRIMARY KEY (account_id, code_hash)
);

ALTER TABLE one_time_tokens DROP CONSTRAINT one_time_tokens_purpose_check;
ALTER TABLE one_time_tokens ADD CONSTRAINT one_time_tokens_purpose_check
  CHECK (purpose IN ('confirm_email', 'reset_password', 'invitation', 'two_factor_ticket'));

-- A company's owner requires two-factor sign-in of the company's users.
ALTER TABLE companies ADD COLUMN require_two_factor boolean NOT NULL DEFAULT false;

-- The provider's own settings: one row. A super-admin requires two-factor sign-in of the admin area.
CREATE TABLE admin_area_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  require_two_factor boolean NOT NULL DEFAULT false
);
INSERT INTO admin_area_settings DEFAULT VALUES;
