import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../helpers';
import {
  createJob,
  createJobsTestApp,
  makePartner,
  setTat,
  signIn,
  type Headers,
  type Actor,
} from '../jobs/support';

let ctx: TestContext;
let owner: Actor;
let partner: Actor;
let client: Actor; // not a partner
let unconfirmed: Actor; // a partner whose owner never confirmed the email
let disabled: Actor; // a partner whose owner is disabled
let admin: Actor;

beforeAll(async () => {
  ctx = await createJobsTestApp();
  owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Owner Ltd', partner: true });
  partner = await signIn(ctx.app, ctx.db, 'company', {
    company_name: 'Abuja Checks Ltd',
    partner: true,
  });
  client = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Client Ltd' });
  unconfirmed = await signIn(ctx.app, ctx.db, 'company', {
    company_name: 'Unconfirmed Ltd',
    partner: true,
  });
  disabled = await signIn(ctx.app, ctx.db, 'company', {
    company_name: 'Disabled Ltd',
    partner: true,
  });
  admin = await signIn(ctx.app, ctx.db, 'admin');
  await ctx.db.query('UPDATE accounts SET email_confirmed_at = NULL WHERE id = $1', [
    unconfirmed.account.id,
  ]);
  await ctx.db.query('UPDATE accounts SET status = 0 WHERE id = $1', [disabled.account.id]);
  await ctx.db.query("UPDATE companies SET state = 'fct' WHERE id = $1", [partner.companyId]);
  await setTat(ctx.db);
});
afterAll(() => ctx.close());

const assignees = async (headers: Headers) =>
  (await ctx.app.inject({ url: '/api/v2/job/fetch-assignees/company', headers })).json() as Record<
    string,
    unknown
  >[];
const assign = (headers: Headers, companyId: string, list: string[]) =>
  ctx.app.inject({
    method: 'PATCH',
    url: `/api/v2/job/assign/company/${companyId}`,
    headers,
    payload: { list },
  });

describe('GET /job/fetch-assignees/company: partners only', () => {
  it('lists confirmed, active partners, never the caller’s own company', async () => {
    expect((await assignees(owner.headers)).map((a) => a.id)).toEqual([partner.companyId]);
    expect((await assignees(admin.headers)).map((a) => a.name)).toEqual([
      'Abuja Checks Ltd',
      'Owner Ltd',
    ]);
  });

  it('names a company by its name and code with its state, never its owner', async () => {
    const [abuja] = await assignees(owner.headers);
    expect(abuja).toMatchObject({
      company_name: 'Abuja Checks Ltd',
      name: 'Abuja Checks Ltd',
      code: partner.account.unique_code,
      state: 'fct',
    });
    const text = JSON.stringify(abuja);
    expect(text).not.toContain(partner.account.first_name);
    expect(text).not.toContain(partner.account.last_name);
  });

  it('names a partner without a company name by its code', async () => {
    await ctx.db.query('UPDATE companies SET name = NULL WHERE id = $1', [partner.companyId]);
    const [nameless] = await assignees(owner.headers);
    expect(nameless).toMatchObject({
      company_name: null,
      name: partner.account.unique_code,
      full_name: partner.account.unique_code,
    });
    await ctx.db.query("UPDATE companies SET name = 'Abuja Checks Ltd' WHERE id = $1", [
      partner.companyId,
    ]);
  });

  it('stops listing a company the provider no longer marks as a partner', async () => {
    await makePartner(ctx.db, partner.companyId!, false);
    expect(await assignees(owner.headers)).toEqual([]);
    await makePartner(ctx.db, partner.companyId!);
  });
});

describe('PATCH /job/assign/company: only to an active partner', () => {
  it('refuses a client, an unconfirmed and a disabled partner with 404, leaving the job pending', async () => {
    const job = await createJob(ctx.app, owner.headers);
    for (const to of [client, unconfirmed, disabled]) {
      const res = await assign(owner.headers, to.companyId!, [job.id]);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Company not found among the active partners');
    }
    const detail = await ctx.app.inject({
      url: `/api/v2/job/detail/${job.id}`,
      headers: owner.headers,
    });
    expect(detail.json()).toMatchObject({
      status: 'pending',
      assignee_id: null,
      events: [expect.anything()],
    });
    expect((await assign(owner.headers, partner.companyId!, [job.id])).statusCode).toBe(200);
  });
});
