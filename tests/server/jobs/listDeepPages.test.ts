import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importJobs } from '../../../server/services/jobCreation';
import type { TestContext } from '../helpers';
import { createJobsTestApp, fundWallet, signIn, type Actor } from './support';

// A page past the middle of a long list is read from the list's far end (jobsList `farEndOf`):
// the same rows in the same order as reading from the start, which SQL with OFFSET says here.

let ctx: TestContext;
let company: Actor;
const n = 5_300;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  company = await signIn(ctx.app, ctx.db, 'company');
  await fundWallet(ctx.db, company.companyId!, n * 150_000);
  const { repos, queue } = ctx.app;
  const orders = Array.from({ length: n }, (_, i) => ({
    type: 'address' as const,
    company_id: company.companyId!,
    created_by: company.account.id,
    state: 'lagos',
    lga: 'Lagos Island',
    // Names out of creation order, and jobs of one chunk share their creation time.
    subject_name: `Deep${(i * 7919) % n} Obi`,
    fields: { first_name: `Deep${i}`, last_name: 'Obi', phone: '+2348031000001' },
  }));
  await importJobs({ ...repos, queue }, ctx.db, orders, company.account.id, {
    file: 'deep.csv',
    staged: true,
  });
  await ctx.db.query(
    `UPDATE jobs SET status = 'cancelled' WHERE company_id = $1 AND abs(hashtext(id::text)) % 3 = 0`,
    [company.companyId],
  );
});
afterAll(() => ctx.close());

async function apiPage(sort: [string, string], filter: object, from: number, to: number) {
  const q = new URLSearchParams({
    sort: JSON.stringify(sort),
    filter: JSON.stringify(filter),
    range: JSON.stringify([from, to]),
  });
  const res = await ctx.app.inject({
    method: 'GET',
    url: `/api/v2/jobs?${q}`,
    headers: company.headers,
  });
  expect(res.statusCode).toBe(200);
  return {
    range: res.headers['content-range'],
    ids: (res.json() as { id: string }[]).map((j) => j.id),
  };
}

async function sqlPage(order: string, status: string | null, offset: number, limit: number) {
  const r = await ctx.db.query<{ id: string }>(
    `SELECT id FROM jobs WHERE company_id = $1 AND ($2::text IS NULL OR status = $2)
      ORDER BY ${order} OFFSET $3 LIMIT $4`,
    [company.companyId, status, offset, limit],
  );
  return r.rows.map((row) => row.id);
}

describe('deep pages of the jobs list', () => {
  it('reads every deep page as the list in order has it, whichever end it is read from', async () => {
    const cases = [
      { sort: ['created_at', 'DESC'], order: 'created_at DESC, id DESC', status: null },
      { sort: ['created_at', 'ASC'], order: 'created_at ASC, id ASC', status: null },
      { sort: ['subject_name', 'ASC'], order: 'subject_name ASC, id ASC', status: null },
      { sort: ['created_at', 'DESC'], order: 'created_at DESC, id DESC', status: 'cancelled' },
    ] as const;
    for (const c of cases) {
      const filter = c.status ? { status: c.status } : {};
      const total = Number(
        /\/(\d+)$/.exec(String((await apiPage(c.sort as never, filter, 0, 0)).range))![1],
      );
      // Near the start, past the middle, the last full page, the partial last page, past the end.
      for (const from of [0, 5_000, total - 50, total - 25, total - 10, total]) {
        if (from < 0) continue;
        const page = await apiPage(c.sort as never, filter, from, from + 24);
        expect(page.ids, `${c.order} ${c.status} from ${from}`).toEqual(
          await sqlPage(c.order, c.status, from, 25),
        );
      }
    }
  });
});
