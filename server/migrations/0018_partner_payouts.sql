-- Partner companies are paid out like agents: a company holds the bank account its earnings go
-- to (set by its owner), and a payout goes to an agent or to a company, never both.

ALTER TABLE companies
  ADD COLUMN bank_code text,
  ADD COLUMN account_number text,
  ADD COLUMN account_name text,
  -- All three or none: a payout needs the whole account.
  ADD CONSTRAINT companies_bank_details_whole CHECK (
    (bank_code IS NULL) = (account_number IS NULL)
    AND (bank_code IS NULL) = (account_name IS NULL));

ALTER TABLE payouts
  ALTER COLUMN agent_id DROP NOT NULL,
  ADD COLUMN company_id uuid REFERENCES companies (id),
  ADD CONSTRAINT payouts_one_payee CHECK ((agent_id IS NULL) <> (company_id IS NULL));
CREATE INDEX payouts_company_idx ON payouts (company_id, created_at DESC) WHERE company_id IS NOT NULL;
