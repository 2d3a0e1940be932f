import type { App } from '../../../server/app';
import type { Db } from '../../../server/db';
import { accountKinds, type AccountKind } from '../../../server/repositories/ledger';
import type { Headers } from '../jobs/support';

/** The whole ledger's invariants: every balance row equals its postings, and all sum to zero. */
export async function ledgerInvariants(db: Db) {
  const mismatched = await db.query(
    `SELECT b.account_kind, b.account_owner, b.balance_kobo, coalesce(s.n, 0) AS sum
       FROM ledger_balances b
       FULL JOIN (SELECT account_kind, account_owner, sum(amount_kobo) AS n FROM ledger_entries
                   GROUP BY 1, 2) s USING (account_kind, account_owner)
      WHERE coalesce(b.balance_kobo, 0) <> coalesce(s.n, 0)`,
  );
  const total = await db.query<{ n: string }>(
    'SELECT coalesce(sum(amount_kobo), 0)::text AS n FROM ledger_entries',
  );
  const unbalanced = await db.query(
    'SELECT movement_id FROM ledger_entries GROUP BY movement_id HAVING sum(amount_kobo) <> 0',
  );
  const negative = await db.query(
    `SELECT * FROM ledger_balances
      WHERE account_kind IN ('company_wallet', 'company_earnings', 'agent_earnings') AND balance_kobo < 0`,
  );
  return {
    mismatched: mismatched.rows,
    total: Number(total.rows[0]!.n),
    unbalanced: unbalanced.rows,
    negative: negative.rows,
  };
}

/** A balance in kobo, read from the balance table. */
export async function balanceOf(db: Db, kind: AccountKind, owner: string) {
  if (!accountKinds.includes(kind)) throw new Error(kind);
  const r = await db.query<{ n: string }>(
    `SELECT balance_kobo::text AS n FROM ledger_balances WHERE account_kind = $1 AND account_owner = $2`,
    [kind, owner],
  );
  return Number(r.rows[0]?.n ?? 0);
}

export const walletOf = (db: Db, companyId: string) => balanceOf(db, 'company_wallet', companyId);

export function fund(
  app: App,
  headers: Headers,
  body: { company_id: string; amount: number; reference: string; paid_at?: string },
  extra: Headers = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v2/wallet/fund',
    headers: { ...headers, ...extra },
    payload: { paid_at: '2026-01-15', ...body },
  });
}

/** Movements of a kind for a job (or all of the kind). */
export async function movements(db: Db, kind: string, jobId?: string) {
  const r = await db.query<{ amount_kobo: string; reference: string }>(
    `SELECT amount_kobo::text, reference FROM ledger_movements
      WHERE kind = $1 AND ($2::uuid IS NULL OR job_id = $2) ORDER BY created_at`,
    [kind, jobId ?? null],
  );
  return r.rows.map((m) => ({ ...m, amount_kobo: Number(m.amount_kobo) }));
}
