import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../../server/app';
import type { Db } from '../../../server/db';
import { login, testConfig, type TestContext } from '../helpers';
import {
  addressFields,
  createJob,
  createJobsTestApp,
  jobLabels,
  signIn,
  type Headers,
  type Actor,
} from '../jobs/support';
import { newKey } from '../apiKeys/support';

/**
 * GET /jobs checks the session inside its own statement (`sessionCheck: 'in-statement'`), on the
 * account the process last saw for it. Whatever changed since must still take effect on the very
 * next request, on every process: these requests come after a first one has been remembered.
 */
let ctx: TestContext;
let other: App;
/** Database calls made through `counted`'s app. */
let calls = 0;
let counted: App;
let owner: Actor;
let ownJobs: number;

const list = (app: App, headers: Headers, query = '') =>
  app.inject({ url: `/api/v2/jobs${query}`, headers });

/** The job queue's own polling (its tables are in their own schema), which no request runs. */
const isQueuePolling = (sql: string) => /\b(pgboss|\w+_queue)\./.test(sql);

/** The database, counting the statements requests run. */
const counting = (db: Db): Db => ({
  ...db,
  query: (sql, params) => (isQueuePolling(sql) || calls++, db.query(sql, params)),
  queryPrepared: (sql, params) => (isQueuePolling(sql) || calls++, db.queryPrepared(sql, params)),
});

async function signedIn(kind: 'company' | 'subuser', permissions = jobLabels) {
  const s = await signIn(ctx.app, ctx.db, kind, { companyOf: owner.companyId!, permissions });
  const res = await list(ctx.app, s.headers);
  expect(res.statusCode).toBe(200); // remembered from here on
  return s;
}

beforeAll(async () => {
  ctx = await createJobsTestApp();
  other = await buildApp({ config: testConfig(), db: ctx.db });
  counted = await buildApp({ config: testConfig(), db: counting(ctx.db) });
  await counted.ready(); // its queue's start is no request's statement
  owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Owner Ltd' });
  const outsider = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Outsider Ltd' });
  for (let i = 0; i < 3; i++) await createJob(ctx.app, owner.headers);
  await createJob(ctx.app, outsider.headers, addressFields({ first_name: 'Outsider' }));
  ownJobs = (await list(ctx.app, owner.headers)).json().length;
});

afterAll(async () => {
  await Promise.all([other?.close(), counted?.close()]);
  await ctx?.close();
});

describe('GET /jobs: the session checked in the page statement', () => {
  it('runs one database statement for a session this process has seen, two for a new one', async () => {
    const s = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Counted Ltd' });
    calls = 0;
    expect((await list(counted, s.headers)).statusCode).toBe(200);
    expect(calls).toBe(2);
    calls = 0;
    expect((await list(counted, s.headers, '?filter={"q":"Chidi"}')).statusCode).toBe(200);
    expect(calls).toBe(1);
  });

  it("writes an API key's last use once a minute, not once a request", async () => {
    const { key } = await newKey(ctx.app, owner.headers, { name: 'Counted key' });
    const headers = { authorization: `Bearer ${key}` };
    const statementsOfCall = async () => {
      calls = 0;
      expect((await list(counted, headers)).statusCode).toBe(200);
      return calls;
    };
    await statementsOfCall(); // the first use is written
    const withinTheMinute = await statementsOfCall();
    expect(await statementsOfCall()).toBe(withinTheMinute);
    await ctx.db.query(`UPDATE api_keys SET last_used_at = now() - interval '61 seconds'`);
    expect(await statementsOfCall()).toBe(withinTheMinute + 1);
    expect(await statementsOfCall()).toBe(withinTheMinute);
  });

  it('answers 401 on the next request after logout, on this process and on another', async () => {
    const s = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Leaving Ltd' });
    const session = await login(ctx.app, s.account.email, 'amaka-test-pass-7');
    for (const app of [ctx.app, other])
      expect((await list(app, session.headers)).statusCode).toBe(200);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/logout',
      payload: { refreshToken: session.refreshToken },
    });
    expect(out.statusCode).toBe(200);
    for (const app of [ctx.app, other]) {
      for (const query of ['', '?filter={"q":"Chidi"}', '?filter={"q":"JOB-1"}']) {
        const res = await list(app, session.headers, query);
        expect(res.statusCode).toBe(401);
        expect(res.json().message).toBe('Your session has ended. Please log in again.');
      }
    }
  });

  it('answers 401 on the next request once the account is disabled', async () => {
    const s = await signedIn('company');
    await ctx.db.query('UPDATE accounts SET status = 0 WHERE id = $1', [s.account.id]);
    const res = await list(ctx.app, s.headers);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('This account is disabled');
  });

  it('answers 401 once its sessions are revoked, as a new password revokes them', async () => {
    const s = await signedIn('company');
    await ctx.db.query('UPDATE sessions SET revoked_at = now() WHERE account_id = $1', [
      s.account.id,
    ]);
    expect((await list(ctx.app, s.headers)).statusCode).toBe(401);
  });

  it('answers 403 on the next request once the permission is taken away, 200 once given back', async () => {
    const s = await signedIn('subuser');
    await ctx.db.query(`UPDATE accounts SET permissions = '{}' WHERE id = $1`, [s.account.id]);
    expect((await list(ctx.app, s.headers)).statusCode).toBe(403);
    await ctx.db.query('UPDATE accounts SET permissions = $2 WHERE id = $1', [
      s.account.id,
      jobLabels,
    ]);
    expect((await list(ctx.app, s.headers)).json()).toHaveLength(ownJobs);
  });

  it('reads the page again for the account as it is now (a sub-user moved to the provider)', async () => {
    const s = await signedIn('subuser');
    expect((await list(ctx.app, s.headers)).json()).toHaveLength(ownJobs);
    await ctx.db.query('UPDATE accounts SET company_id = NULL WHERE id = $1', [s.account.id]);
    const res = await list(ctx.app, s.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(ownJobs + 1); // every company's jobs now
  });

  it('answers a revoked session 401, not the 400 its bad filter would earn', async () => {
    const s = await signedIn('company');
    await ctx.db.query('UPDATE sessions SET revoked_at = now() WHERE account_id = $1', [
      s.account.id,
    ]);
    const res = await list(ctx.app, s.headers, '?filter=not-json');
    expect(res.statusCode).toBe(401);
    const live = await signedIn('company');
    expect((await list(ctx.app, live.headers, '?filter=not-json')).statusCode).toBe(400);
  });

  it('refuses the export on the next request after logout', async () => {
    const s = await signedIn('company');
    await ctx.db.query('UPDATE sessions SET revoked_at = now() WHERE account_id = $1', [
      s.account.id,
    ]);
    const res = await ctx.app.inject({
      url: '/api/v2/jobs',
      headers: { ...s.headers, accept: 'text/csv' },
    });
    expect(res.statusCode).toBe(401);
  });
});
