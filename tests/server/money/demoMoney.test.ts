import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedMoney } from '../../../server/seed/demoMoney';
import type { TestContext } from '../helpers';
import { createJobsTestApp, signIn } from '../jobs/support';
import { balanceOf, ledgerInvariants, movements } from './support';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createJobsTestApp();
});
afterAll(() => ctx.close());

describe('seedMoney (demo data)', () => {
  it('funds wallets, charges jobs, credits fees and leaves a paid and a pending payout', async () => {
    const admin = await signIn(ctx.app, ctx.db, 'admin');
    const company = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Yaba Loans Ltd' });
    const agents = [await signIn(ctx.app, ctx.db, 'agent'), await signIn(ctx.app, ctx.db, 'agent')];
    // Demo jobs as the jobs seed writes them: no price yet, two approved by agents.
    for (const [i, a] of agents.entries()) {
      await ctx.db.query(
        `INSERT INTO jobs (type, company_id, state, lga, subject_name, fields, assignee_type,
                           assignee_agent_id, fee_kobo)
         VALUES ('address', $1, 'lagos', 'Ikeja', 'Emeka Nwosu', '{}', 'agent', $2, $3)`,
        [company.companyId, a.account.id, 100_000 * (i + 1)],
      );
    }
    await ctx.db.query(`UPDATE jobs SET status = 'approved'`);
    await ctx.db.transaction((tx) => seedMoney(tx, { adminId: admin.account.id }));

    expect((await movements(ctx.db, 'charge')).length).toBe(2);
    expect((await movements(ctx.db, 'fee')).map((m) => m.amount_kobo).sort()).toEqual([
      100_000, 200_000,
    ]);
    const payouts = await ctx.db.query<{ status: string; amount_kobo: string }>(
      'SELECT status, amount_kobo::text FROM payouts ORDER BY amount_kobo DESC',
    );
    expect(payouts.rows).toEqual([
      { status: 'paid', amount_kobo: '200000' },
      { status: 'pending', amount_kobo: '100000' },
    ]);
    for (const a of agents) expect(await balanceOf(ctx.db, 'agent_earnings', a.account.id)).toBe(0);
    expect(await balanceOf(ctx.db, 'company_wallet', company.companyId!)).toBeGreaterThan(0);
    expect(await ledgerInvariants(ctx.db)).toEqual({
      mismatched: [],
      total: 0,
      unbalanced: [],
      negative: [],
    });
  });
});
