-- A posting locks its balance rows in key order before it changes them. The UPDATE takes rows in
-- whatever order its plan reads them: a hash join reads the table's physical order, which every
-- update moves, and each connection keeps the plan it first made. Two API processes funding and
-- charging one wallet at once each held a row the other waited for, and PostgreSQL aborted one
-- (a 500). In one order, one posting waits for the other and both go through.
CREATE OR REPLACE FUNCTION ledger_entries_post() RETURNS trigger LANGUAGE plpgsql AS $$
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
  -- The sort runs before the locks: rows are locked in this order.
  PERFORM 1 FROM ledger_balances b
    WHERE (b.account_kind, b.account_owner) IN (SELECT account_kind, account_owner FROM new_rows)
    ORDER BY b.account_kind, b.account_owner
    FOR UPDATE;
  UPDATE ledger_balances b SET balance_kobo = b.balance_kobo + d.delta
    FROM (SELECT account_kind, account_owner, sum(amount_kobo) AS delta FROM new_rows
           GROUP BY account_kind, account_owner) d
   WHERE b.account_kind = d.account_kind AND b.account_owner = d.account_owner;
  RETURN NULL;
END
$$;
