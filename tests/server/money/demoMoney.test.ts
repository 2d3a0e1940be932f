import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transactionKinds } from '../../../reference/money';
import { demoOwnerPassword } from '../../../server/seed/demoCompanies';
import { createDemoTestApp } from '../demoSnapshot';
import { count, login, type TestContext } from '../helpers';
import { balanceOf, ledgerInvariants } from './support';

let t: TestContext;

beforeAll(async () => {
  t = await createDemoTestApp();
}, 120_000);
afterAll(() => t.close());

const rows = async <T>(sql: string, params: unknown[] = []) =>
  (await t.db.query<T>(sql, params)).rows;

/** Movement amounts of a kind by job, as numbers. */
async function byJob(kind: string) {
  const r = await rows<{ job_id: string; amount: string; created_by: string }>(
    `SELECT job_id, amount_kobo::text AS amount, created_by FROM ledger_movements WHERE kind = $1`,
    [kind],
  );
  return new Map(r.map((m) => [m.job_id, { amount: Number(m.amount), by: m.created_by }]));
}

describe('demo money, moved by the app as real money moves', () => {
  it('keeps the ledger whole: balances equal their postings, all sum to zero, no wallet below zero', async () => {
    expect(await ledgerInvariants(t.db)).toEqual({
      mismatched: [],
      total: 0,
      unbalanced: [],
      negative: [],
    });
  });

  it('funds every client company by bank transfer and charges each of its jobs', async () => {
    const clients = await rows<{ id: string; funded: number; charged: number; jobs: number }>(
      `SELECT c.id,
              (SELECT count(*)::int FROM ledger_movements m
                WHERE m.company_id = c.id AND m.kind = 'funding'
                  AND m.details->>'method' = 'bank_transfer' AND m.details ? 'bank_reference') AS funded,
              (SELECT count(*)::int FROM ledger_movements m
                WHERE m.company_id = c.id AND m.kind = 'charge') AS charged,
              (SELECT count(*)::int FROM jobs j WHERE j.company_id = c.id) AS jobs
         FROM companies c WHERE NOT c.is_partner`,
    );
    expect(clients.length).toBeGreaterThanOrEqual(4);
    for (const c of clients) {
      expect(c.funded).toBeGreaterThan(0);
      expect(c.charged).toBe(c.jobs);
      expect(c.jobs).toBeGreaterThan(0);
    }
  });

  it("charges each job at creation its Company price for (state, kind), by the job's creator", async () => {
    const charges = await byJob('charge');
    const jobs = await rows<{ id: string; price: string; tat: string; created_by: string }>(
      `SELECT j.id, j.price_kobo::text AS price, t.amount_kobo::text AS tat, j.created_by
         FROM jobs j JOIN tat_settings t
           ON t.state = j.state AND t.job_type = j.type AND t.audience = 'company'`,
    );
    expect(jobs.length).toBe(await count(t.db, 'jobs'));
    for (const j of jobs) {
      expect(j.price).toBe(j.tat);
      expect(charges.get(j.id)).toEqual({ amount: Number(j.tat), by: j.created_by });
    }
  });

  it('refunds every cancelled job its price, and no other job', async () => {
    const refunds = await byJob('refund');
    const cancelled = await rows<{ id: string; price: string }>(
      `SELECT id, price_kobo::text AS price FROM jobs WHERE status = 'cancelled'`,
    );
    expect(cancelled.length).toBeGreaterThan(0);
    expect(refunds.size).toBe(cancelled.length);
    for (const j of cancelled) expect(refunds.get(j.id)?.amount).toBe(Number(j.price));
  });

  it("credits approved jobs' fees, fixed at assignment from the assignee's price, and no other job's", async () => {
    const fees = await byJob('fee');
    const approved = await rows<{ id: string; fee: string; tat: string }>(
      `SELECT j.id, j.fee_kobo::text AS fee, t.amount_kobo::text AS tat FROM jobs j
         JOIN tat_settings t
           ON t.state = j.state AND t.job_type = j.type AND t.audience = j.assignee_type
        WHERE j.status = 'approved'`,
    );
    expect(approved.length).toBe(await count(t.db, `jobs WHERE status = 'approved'`));
    expect(fees.size).toBe(approved.length);
    for (const j of approved) {
      expect(j.fee).toBe(j.tat);
      expect(fees.get(j.id)?.amount).toBe(Number(j.fee));
    }
  });

  it("pays one agent's earnings (with a bank reference) and leaves another's pending", async () => {
    const payouts = await rows<{
      agent_id: string;
      status: string;
      reference: string | null;
      amount: string;
      earned: string;
      account_number: string | null;
    }>(
      `SELECT p.agent_id, p.status, p.reference, p.amount_kobo::text AS amount,
              (SELECT sum(fee_kobo)::text FROM jobs
                WHERE assignee_agent_id = p.agent_id AND status = 'approved') AS earned,
              ap.account_number
         FROM payouts p LEFT JOIN agent_applications ap ON ap.account_id = p.agent_id
        WHERE p.agent_id IS NOT NULL
        ORDER BY p.status`,
    );
    expect(payouts.map((p) => p.status)).toEqual(['paid', 'pending']);
    expect(payouts[0]!.reference).toMatch(/^GTB-NIP-\d{8}-\d+$/);
    expect(payouts[1]!.reference).toBeNull();
    for (const p of payouts) {
      expect(p.account_number).toMatch(/^\d{10}$/);
      expect(p.amount).toBe(p.earned);
      expect(await balanceOf(t.db, 'agent_earnings', p.agent_id)).toBe(0);
    }
    expect(
      await balanceOf(t.db, 'payouts_in_transit', '00000000-0000-0000-0000-000000000000'),
    ).toBe(Number(payouts[1]!.amount));
  });

  it("shows rows on every money list: the admin's transactions, payouts and wallets", async () => {
    const admin = await login(t.app, 'admin@demo.ng', 'Admin1234!');
    const get = (url: string) => t.app.inject({ url: `/api/v2${url}`, headers: admin.headers });
    const all = await get('/transactions?range=[0,499]');
    expect(all.statusCode).toBe(200);
    const moves = all.json() as { kind: string; status: string }[];
    expect(new Set(moves.map((m) => m.kind))).toEqual(new Set(transactionKinds));
    const payoutStatuses = moves.filter((m) => m.kind === 'payout').map((m) => m.status);
    expect(payoutStatuses.sort()).toEqual(['pending', 'successful', 'successful']);
    const payouts = await get('/payouts');
    expect(payouts.statusCode).toBe(200);
    expect(payouts.headers['content-range']).toMatch(/\/3$/);
    expect(new Set(payouts.json().map((p: { payee_type: string }) => p.payee_type))).toEqual(
      new Set(['agent', 'company']),
    );
    const [pending] = await rows<{ agent_id: string }>(
      `SELECT agent_id FROM payouts WHERE status = 'pending'`,
    );
    const agentMoves = await get(
      `/transactions?filter=${encodeURIComponent(JSON.stringify({ agent_id: pending!.agent_id }))}`,
    );
    expect((agentMoves.json() as unknown[]).length).toBeGreaterThan(1);
    const agentWallet = await get(`/wallet?agent_id=${pending!.agent_id}`);
    expect(agentWallet.json()).toMatchObject({ balance: 0 });
    expect((agentWallet.json() as { earnings: number }).earnings).toBeGreaterThan(0);
  });

  it('shows a partner its bank details, its earnings for approved work and its paid payout', async () => {
    const partner = await login(t.app, 'ops@fieldtrust.ng', demoOwnerPassword);
    const get = (url: string) => t.app.inject({ url: `/api/v2${url}`, headers: partner.headers });
    const wallet = (await get('/wallet')).json();
    expect(wallet.bank_account).toMatchObject({ account_number: '3045182730' });
    expect(wallet.earnings).toBeGreaterThan(0);
    const fees = (await get(`/transactions?filter={"kind":"fee"}&range=[0,499]`)).json();
    expect(fees.length).toBeGreaterThan(0);
    expect(fees.every((f: { job_code: string | null }) => f.job_code)).toBe(true);
    const payouts = (await get('/payouts')).json();
    expect(payouts).toMatchObject([
      { payee_type: 'company', payee_name: 'FieldTrust Verification Services', status: 'paid' },
    ]);
    // Paid out in full when the demo was made; approvals after that wait as available.
    const earned = fees.reduce((s: number, f: { amount: number }) => s + f.amount, 0);
    expect(payouts[0].amount + wallet.available).toBe(earned);
  });

  it('shows the demo company its own funding, charges and refunds, and a positive balance', async () => {
    const company = await login(t.app, 'company@demo.ng', 'Company1234!');
    const list = await t.app.inject({
      url: '/api/v2/transactions?range=[0,499]',
      headers: company.headers,
    });
    expect(list.statusCode).toBe(200);
    const mine = list.json() as { kind: string }[];
    const [own] = await rows<{ company_id: string }>(
      `SELECT company_id FROM accounts WHERE email = 'company@demo.ng'`,
    );
    expect(mine.length).toBe(
      await count(t.db, 'ledger_movements WHERE company_id = $1', [own!.company_id]),
    );
    expect(new Set(mine.map((m) => m.kind))).toEqual(new Set(['funding', 'charge', 'refund']));
    const wallet = await t.app.inject({ url: '/api/v2/wallet', headers: company.headers });
    const balance = (wallet.json() as { balance: number }).balance;
    expect(balance).toBeGreaterThan(0);
    expect(balance * 100).toBe(await balanceOf(t.db, 'company_wallet', own!.company_id));
  });

  it("dates each job's charge, fee and refund with the job's own events, not the seed's time", async () => {
    // A charge at the job's creation; a fee at its approval, a refund at its cancellation.
    const off = await rows<{ reference: string }>(
      `SELECT m.reference FROM ledger_movements m JOIN jobs j ON j.id = m.job_id
        WHERE (m.kind = 'charge' AND m.created_at <> j.created_at)
           OR (m.kind IN ('fee', 'refund') AND NOT EXISTS (
                 SELECT 1 FROM job_events e WHERE e.job_id = j.id AND e.created_at = m.created_at
                    AND e.to_status = CASE m.kind WHEN 'fee' THEN 'approved' ELSE 'cancelled' END))`,
    );
    expect(off).toEqual([]);
    const fundings = await rows<{ day: string; paid_at: string }>(
      `SELECT to_char(created_at AT TIME ZONE INTERVAL '+01:00', 'YYYY-MM-DD') AS day,
              details ->> 'paid_at' AS paid_at
         FROM ledger_movements WHERE kind = 'funding'`,
    );
    expect(fundings.length).toBeGreaterThan(0);
    for (const f of fundings) expect(f.day).toBe(f.paid_at);
  });

  it('has charges in each of the last four months, as many as the jobs created then, and each month its invoice', async () => {
    const months = await rows<{ month: string; jobs: number; charges: number }>(
      `SELECT j.month, j.jobs, coalesce(c.charges, 0) AS charges
         FROM (SELECT to_char(created_at AT TIME ZONE INTERVAL '+01:00', 'YYYY-MM') AS month,
                      count(*)::int AS jobs
                 FROM jobs GROUP BY 1) j
         LEFT JOIN (SELECT to_char(created_at AT TIME ZONE INTERVAL '+01:00', 'YYYY-MM') AS month,
                           count(*)::int AS charges
                      FROM ledger_movements WHERE kind = 'charge' GROUP BY 1) c USING (month)
        ORDER BY j.month DESC`,
    );
    expect(months.length).toBeGreaterThanOrEqual(4);
    for (const m of months) expect(m.charges, m.month).toBe(m.jobs);
    const lastFour = months.slice(0, 4).map((m) => m.month);

    // The demo company reads each month's invoice, each with that month's jobs only.
    const own = (
      await rows<{ id: string; company_id: string }>(
        `SELECT id, company_id FROM accounts WHERE email = 'company@demo.ng'`,
      )
    )[0]!;
    const session = await login(t.app, 'company@demo.ng', 'Company1234!');
    const history = await t.app.inject({
      url: '/api/v2/transactions/invoices',
      headers: session.headers,
    });
    expect(history.statusCode).toBe(200);
    const listed = history.json() as { month: string; jobs: number; total: number }[];
    for (const month of lastFour) {
      const row = listed.find((m) => m.month === month);
      expect(row, month).toBeDefined();
      const jobsThen = await rows<{ n: number }>(
        `SELECT count(*)::int AS n FROM jobs WHERE company_id = $1
            AND to_char(created_at AT TIME ZONE INTERVAL '+01:00', 'YYYY-MM') = $2`,
        [own.company_id, month],
      );
      expect(row!.jobs, month).toBe(jobsThen[0]!.n);
      const invoice = await t.app.inject({
        url: `/api/v2/transactions/invoice?month=${month}`,
        headers: { ...session.headers, accept: 'application/json' },
      });
      const body = invoice.json() as { lines: { date: string }[]; total: number };
      expect(body.lines.length, month).toBeGreaterThan(0);
      expect(body.total).toBe(row!.total);
      expect(body.lines.every((l) => l.date.startsWith(month) || l.date.slice(0, 7) < month)).toBe(
        true,
      );
    }
  });
});
