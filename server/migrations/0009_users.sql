-- Users and sub-admins: a postal address, when the account was last seen (a sign-in or a token
-- refresh, so it moves while the app is open), and the stored key of its profile picture.

ALTER TABLE accounts ADD COLUMN address text;
ALTER TABLE accounts ADD COLUMN last_seen_at timestamptz;
ALTER TABLE accounts ADD COLUMN picture_key text;

-- The user lists sort newest first within a company or within the provider's staff.
CREATE INDEX accounts_company_created_idx ON accounts (company_id, created_at DESC);
