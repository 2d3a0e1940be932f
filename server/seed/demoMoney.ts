import type { Queryable } from '../db';
import { createLedgerRepository, type NewMovement } from '../repositories/ledger';
import {
  chargeMovement,
  feeMovement,
  fundingMovement,
  payoutMovement,
  payoutSettledMovement,
} from '../services/ledger';

/** What the money demo needs of the rest of the demo data. */
export interface MoneySeedContext {
  /** The provider admin who records payments and pays agents. */
  adminId: string;
}

const lagosDay = (daysAgo: number) =>
  new Date(Date.now() + 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);

/**
 * Money on a new demo database, so every money screen shows real rows: each client company's
 * wallet funded by bank transfer, the existing demo jobs charged at their Company price (set on
 * the job, so a cancellation refunds it), approved jobs' fees credited, and one agent's earnings
 * paid out (paid) while another's wait (pending). Runs after the jobs are seeded.
 */
export async function seedMoney(tx: Queryable, ctx: MoneySeedContext) {
  const ledger = createLedgerRepository(tx);
  const companies = await tx.query<{ id: string; name: string | null }>(
    `SELECT c.id, c.name FROM companies c
      WHERE EXISTS (SELECT 1 FROM accounts a WHERE a.company_id = c.id AND a.role = 'company')
      ORDER BY c.created_at`,
  );
  const banks = ['GTB', 'ZEN', 'UBA', 'FBN', 'ACC'];
  const fundings: NewMovement[] = companies.rows.map((c, i) =>
    fundingMovement(
      c.id,
      (250_000 + i * 50_000) * 100,
      `${banks[i % banks.length]}-${lagosDay(20).replace(/-/g, '')}-${String(4711 + i)}`,
      { method: 'bank_transfer', paid_at: lagosDay(20) },
      ctx.adminId,
    ),
  );
  await ledger.post(fundings, tx);

  // Charge the demo jobs that have no charge yet, at their Company price (the job keeps it).
  const jobs = await tx.query<{ id: string; company_id: string; amount_kobo: string }>(
    `SELECT j.id, j.company_id, t.amount_kobo::text
       FROM jobs j JOIN tat_settings t
         ON t.state = j.state AND t.job_type = j.type AND t.audience = 'company'
      WHERE j.price_kobo IS NULL
      ORDER BY j.created_at`,
  );
  if (jobs.rows.length) {
    await tx.query(
      `UPDATE jobs j SET price_kobo = u.price FROM unnest($1::uuid[], $2::bigint[]) AS u (id, price)
        WHERE j.id = u.id`,
      [jobs.rows.map((j) => j.id), jobs.rows.map((j) => j.amount_kobo)],
    );
    await ledger.post(
      jobs.rows.map((j) =>
        chargeMovement(
          { id: j.id, companyId: j.company_id, priceKobo: Number(j.amount_kobo) },
          ctx.adminId,
        ),
      ),
      tx,
    );
  }

  // Approved jobs' fees, credited to their assignees.
  const approved = await tx.query<{
    id: string;
    company_id: string;
    fee_kobo: string;
    assignee_type: 'company' | 'agent';
    assignee_company_id: string | null;
    assignee_agent_id: string | null;
  }>(
    `SELECT id, company_id, fee_kobo::text, assignee_type, assignee_company_id, assignee_agent_id
       FROM jobs WHERE status = 'approved' AND fee_kobo > 0 AND assignee_type IS NOT NULL`,
  );
  await ledger.post(
    approved.rows.map((j) =>
      feeMovement({ ...j, price_kobo: null, fee_kobo: Number(j.fee_kobo) }, ctx.adminId),
    ),
    tx,
  );

  // One payout paid and one pending, of the agents who earned the most.
  const earners = await tx.query<{ owner: string; balance: string }>(
    `SELECT account_owner AS owner, balance_kobo::text AS balance FROM ledger_balances
      WHERE account_kind = 'agent_earnings' AND balance_kobo > 0
      ORDER BY balance_kobo DESC, account_owner LIMIT 2`,
  );
  for (const [i, e] of earners.rows.entries()) {
    const amount = Number(e.balance);
    const r = await tx.query<{ id: string }>(
      `INSERT INTO payouts (agent_id, amount_kobo, created_by) VALUES ($1, $2, $3) RETURNING id`,
      [e.owner, amount, ctx.adminId],
    );
    const payout = { id: r.rows[0]!.id, agent_id: e.owner, amount_kobo: amount };
    await ledger.post([payoutMovement(payout, ctx.adminId)], tx);
    if (i === 0) {
      const reference = `GTB-PAYOUT-${lagosDay(2).replace(/-/g, '')}-001`;
      await tx.query(
        `UPDATE payouts SET status = 'paid', reference = $2, settled_at = now(), updated_at = now()
          WHERE id = $1`,
        [payout.id, reference],
      );
      await ledger.post(
        [payoutSettledMovement(payout, { status: 'paid', reference }, ctx.adminId)],
        tx,
      );
    }
  }
}
