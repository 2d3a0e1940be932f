-- Company profiles: where a company is (state alias and street address, shown on the Assign Job
-- card and company information) and whether it is a partner, one the provider sends assigned work.

ALTER TABLE companies
  ADD COLUMN state text,
  ADD COLUMN address text,
  ADD COLUMN is_partner boolean NOT NULL DEFAULT false,
  ADD COLUMN updated_at timestamptz;

-- The partner list (assignees) reads only partners; most companies are clients.
CREATE INDEX companies_partner_idx ON companies (id) WHERE is_partner;
-- The owner of a company is its first company-role account; this finds it without a sort.
CREATE INDEX accounts_company_owner_idx ON accounts (company_id, created_at, id) WHERE role = 'company';
