-- Money (DESIGN §3 "Ledger"): one append-only, double-entry ledger in kobo. A movement (wallet
-- funding, job charge, refund, assignee fee, payout and its settlement) is a set of postings
-- that sum to zero; its unique reference makes a retried request post nothing the second time.
--
-- Accounts are (kind, owner): a company's wallet and earnings, an agent's earnings (owner = the
-- company or agent account id), and the platform's revenue, payouts in transit and bank (owner =
-- the nil uuid). Balances are credit-normal: money held for a company or an agent is positive,
-- so the bank, where the naira physically are, carries the opposite sign of everything it holds.

CREATE TABLE ledger_movements (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  reference text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN
    ('funding', 'charge', 'refund', 'fee', 'payout', 'payout_paid', 'payout_failed')),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  -- Whose money moved: the company (wallet or earnings) or the agent (earnings).
  company_id uuid REFERENCES companies (id),
  agent_id uuid REFERENCES accounts (id),
  job_id uuid REFERENCES jobs (id),
  payout_id uuid,
  -- The payment method's record (bank reference, date paid) or a payout's settlement.
  details jsonb NOT NULL DEFAULT '{}',
  created_by uuid REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_movements_created_idx ON ledger_movements (created_at DESC, id DESC);
CREATE INDEX ledger_movements_company_idx ON ledger_movements (company_id, created_at DESC, id DESC)
  WHERE company_id IS NOT NULL;
CREATE INDEX ledger_movements_agent_idx ON ledger_movements (agent_id, created_at DESC, id DESC)
  WHERE agent_id IS NOT NULL;
CREATE INDEX ledger_movements_job_idx ON ledger_movements (job_id) WHERE job_id IS NOT NULL;

CREATE TABLE ledger_entries (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  movement_id uuid NOT NULL REFERENCES ledger_movements (id),
  account_kind text NOT NULL CHECK (account_kind IN ('company_wallet', 'company_earnings',
    'agent_earnings', 'platform_revenue', 'payouts_in_transit', 'bank')),
  account_owner uuid NOT NULL,
  amount_kobo bigint NOT NULL CHECK (amount_kobo <> 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account_kind, account_owner)
  INCLUDE (amount_kobo);
CREATE INDEX ledger_entries_movement_idx ON ledger_entries (movement_id);

-- Each account's balance, kept by a trigger in the transaction that posts, so that a balance
-- read is one row, and a wallet's row is what parallel charges lock. Companies' and agents'
-- money never goes below zero, whatever the application checked.
CREATE TABLE ledger_balances (
  account_kind text NOT NULL,
  account_owner uuid NOT NULL,
  balance_kobo bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (account_kind, account_owner),
  CONSTRAINT ledger_balances_not_negative CHECK (
    account_kind NOT IN ('company_wallet', 'company_earnings', 'agent_earnings')
    OR balance_kobo >= 0)
);

CREATE FUNCTION ledger_entries_post() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced uuid;
BEGIN
  SELECT movement_id INTO unbalanced FROM new_rows
   GROUP BY movement_id HAVING sum(amount_kobo) <> 0 LIMIT 1;
  IF unbalanced IS NOT NULL THEN
    RAISE EXCEPTION 'ledger movement % is not balanced: its postings must sum to zero', unbalanced;
  END IF;
  -- A new account's row first (a CHECK would judge an upsert's proposed row, the delta alone).
  INSERT INTO ledger_balances (account_kind, account_owner)
  SELECT DISTINCT account_kind, account_owner FROM new_rows ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  UPDATE ledger_balances b SET balance_kobo = b.balance_kobo + d.delta
    FROM (SELECT account_kind, account_owner, sum(amount_kobo) AS delta FROM new_rows
           GROUP BY account_kind, account_owner) d
   WHERE b.account_kind = d.account_kind AND b.account_owner = d.account_owner;
  RETURN NULL;
END
$$;

CREATE TRIGGER ledger_entries_post AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_post();

-- Append-only: a correction is a new movement, never an edit.
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'the ledger is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME;
END
$$;

CREATE TRIGGER ledger_movements_append_only BEFORE UPDATE OR DELETE ON ledger_movements
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_movements_no_truncate BEFORE TRUNCATE ON ledger_movements
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();

-- An agent's payout: the money waits in transit until the admin marks it paid (with the bank's
-- reference) or failed (the amount returns to the agent's earnings).
CREATE TABLE payouts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  agent_id uuid NOT NULL REFERENCES accounts (id),
  amount_kobo bigint NOT NULL CHECK (amount_kobo > 0),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'paid', 'failed')),
  reference text,
  reason text,
  created_by uuid REFERENCES accounts (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  settled_at timestamptz,
  CHECK ((status = 'paid') = (reference IS NOT NULL)),
  CHECK ((status = 'failed') = (reason IS NOT NULL))
);
CREATE INDEX payouts_created_idx ON payouts (created_at DESC, id DESC);
CREATE INDEX payouts_agent_idx ON payouts (agent_id, created_at DESC);

-- Idempotency-Key of money-moving POSTs, per account: the first successful answer is kept and
-- replayed to a retry with the same body; a row without an answer is a request still running.
CREATE TABLE idempotency_keys (
  account_id uuid NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  key text NOT NULL,
  request_hash text NOT NULL,
  status_code integer,
  content_type text,
  body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, key)
);
