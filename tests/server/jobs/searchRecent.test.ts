import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recentSearchRows } from '../../../server/repositories/jobs';
import type { TestContext } from '../helpers';
import { createJobsTestApp, signIn, type Headers, type Actor } from './support';

/**
 * A search is first answered from the newest `recentSearchRows` jobs of the list. These tests hold
 * more jobs than that, and check every page against the whole list ordered by the database.
 */
let ctx: TestContext;
let owner: Actor;
let partner: Actor;
let admin: Actor;
const jobCount = recentSearchRows + 400;

const search = (headers: Headers, filter: object, range: [number, number], order = 'DESC') => {
  const params = new URLSearchParams({
    filter: JSON.stringify(filter),
    range: JSON.stringify(range),
    sort: JSON.stringify(['created_at', order]),
  });
  return ctx.app.inject({ url: `/api/v2/jobs?${params}`, headers });
};

/** The ids the list must show: every visible match, in the list's order, read by SQL alone. */
async function expected(where: string, params: unknown[], offset: number, order = 'DESC') {
  const r = await ctx.db.query<{ id: string }>(
    `SELECT id FROM jobs WHERE ${where}
      ORDER BY created_at ${order}, id ${order} LIMIT 25 OFFSET ${offset}`,
    params,
  );
  return r.rows.map((j) => j.id);
}
const ids = (res: { json: () => { id: string }[] }) => res.json().map((j) => j.id);

beforeAll(async () => {
  ctx = await createJobsTestApp();
  owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Owner Ltd' });
  partner = await signIn(ctx.app, ctx.db, 'company', {
    company_name: 'Partner Ltd',
    partner: true,
  });
  admin = await signIn(ctx.app, ctx.db, 'admin');
  // Two jobs in five are Okonkwos; three Zainabs among the oldest; four jobs share each instant,
  // as the jobs of one bulk file do, so that the order rests on the id as well.
  const jobs = Array.from({ length: jobCount }, (_, i) => {
    const name =
      i % 5 < 2
        ? `Okonkwo Ada${i}`
        : i < 30 && i % 10 === 3
          ? `Zainab Rare${i}`
          : `Bello Chidi${i}`;
    return {
      type: 'address' as const,
      company_id: owner.companyId!,
      created_by: owner.account.id,
      state: 'lagos',
      lga: 'Ikeja',
      subject_name: name,
      fields: { first_name: name.split(' ')[1]!, last_name: name.split(' ')[0]! },
    };
  });
  const created = await ctx.db.transaction((tx) =>
    ctx.app.repos.jobs.insertMany(jobs, owner.account.id, tx),
  );
  await ctx.db.query(
    `UPDATE jobs SET created_at = timestamptz '2026-01-01 08:00+01' + make_interval(mins => (n / 4)::int)
       FROM unnest($1::uuid[]) WITH ORDINALITY AS u (id, n) WHERE jobs.id = u.id`,
    [created],
  );
  // The newest 300 are assigned to the partner (its own list is short: answered whole).
  await ctx.db.query(
    `UPDATE jobs SET status = 'assigned', assignee_type = 'company', assignee_company_id = $2
      WHERE id = ANY($1::uuid[])`,
    [created.slice(-300), partner.companyId],
  );
});
afterAll(() => ctx.close());

describe('a search answered from the newest jobs', () => {
  const okonkwo = `company_id = $1 AND subject_name ILIKE '%okonkwo%'`;

  it('gives the list’s first page of a broad search, the total left uncounted (*)', async () => {
    const res = await search(owner.headers, { q: 'okonkwo' }, [0, 24]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-range']).toBe('jobs 0-24/*');
    expect(ids(res)).toEqual(await expected(okonkwo, [owner.companyId], 0));
  });

  it('gives later pages the same way, oldest first too', async () => {
    const second = await search(owner.headers, { q: 'Okonkwo' }, [25, 49]);
    expect(second.headers['content-range']).toBe('jobs 25-49/*');
    expect(ids(second)).toEqual(await expected(okonkwo, [owner.companyId], 25));
    const oldest = await search(owner.headers, { q: 'okonkwo' }, [0, 24], 'ASC');
    expect(oldest.headers['content-range']).toBe('jobs 0-24/*');
    expect(ids(oldest)).toEqual(await expected(okonkwo, [owner.companyId], 0, 'ASC'));
  });

  it('counts in full when the newest jobs hold too few matches for the page', async () => {
    const total = (jobCount * 2) / 5;
    const deep = await search(owner.headers, { q: 'okonkwo' }, [total - 30, total - 6]);
    expect(deep.headers['content-range']).toBe(`jobs ${total - 30}-${total - 6}/${total}`);
    expect(ids(deep)).toEqual(await expected(okonkwo, [owner.companyId], total - 30));
    // Three old matches, far past the newest jobs.
    const rare = await search(owner.headers, { q: 'zainab' }, [0, 24]);
    expect(rare.headers['content-range']).toBe('jobs 0-2/3');
    expect(ids(rare)).toEqual(
      await expected(`company_id = $1 AND subject_name ILIKE 'zainab%'`, [owner.companyId], 0),
    );
  });

  it('counts exactly when the list is shorter than what is read first', async () => {
    const res = await search(partner.headers, { q: 'okonkwo' }, [0, 24]);
    expect(res.headers['content-range']).toBe('jobs 0-24/120');
    expect(ids(res)).toEqual(
      await expected(
        `assignee_company_id = $1 AND subject_name ILIKE '%okonkwo%'`,
        [partner.companyId],
        0,
      ),
    );
    const filtered = await search(admin.headers, { q: 'okonkwo', status: 'pending' }, [0, 24]);
    expect(filtered.headers['content-range']).toBe('jobs 0-24/*');
    expect(ids(filtered)).toEqual(
      await expected(`status = 'pending' AND subject_name ILIKE '%okonkwo%'`, [], 0),
    );
  });

  it('cannot hold a job assigned to its owner: the database refuses it', async () => {
    // The list reads a company's own jobs and those assigned to it as parts that cannot overlap.
    const [own] = await expected(okonkwo, [owner.companyId], 0);
    const refused = ctx.db.query(
      `UPDATE jobs SET assignee_type = 'company', assignee_company_id = company_id WHERE id = $1`,
      [own],
    );
    await expect(refused).rejects.toMatchObject({
      code: '23514',
      constraint: 'jobs_not_assigned_to_owner',
    });
    const page = await search(owner.headers, {}, [0, 99]);
    expect(page.headers['content-range']).toBe(`jobs 0-99/${jobCount}`);
    expect(ids(page)).toEqual(
      (
        await ctx.db.query<{ id: string }>(
          'SELECT id FROM jobs WHERE company_id = $1 ORDER BY created_at DESC, id DESC LIMIT 100',
          [owner.companyId],
        )
      ).rows.map((r) => r.id),
    );
  });

  it('never finds a name the viewer lost, nor another company’s jobs', async () => {
    const [declined] = await expected(
      `assignee_company_id = $1 AND subject_name ILIKE '%okonkwo%'`,
      [partner.companyId],
      0,
    );
    await ctx.db.query(`UPDATE jobs SET status = 'declined' WHERE id = $1`, [declined]);
    const name = (
      await ctx.db.query<{ subject_name: string }>('SELECT subject_name FROM jobs WHERE id = $1', [
        declined,
      ])
    ).rows[0]!.subject_name;
    const partnerRes = await search(partner.headers, { q: name }, [0, 24]);
    expect(partnerRes.headers['content-range']).toBe('jobs 0-0/0');
    const outsider = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Outsider Ltd' });
    const outsiderRes = await search(outsider.headers, { q: 'okonkwo' }, [0, 24]);
    expect(outsiderRes.headers['content-range']).toBe('jobs 0-0/0');
    expect(outsiderRes.json()).toEqual([]);
    const ownerRes = await search(owner.headers, { q: name }, [0, 24]);
    expect(ids(ownerRes)).toEqual([declined]);
  });
});
