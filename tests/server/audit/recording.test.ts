import { randomUUID } from 'node:crypto';
import type { AuditRow } from '../../../server/repositories/audit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appWithRoutes,
  createTestApp,
  createUser,
  login,
  uniqueIp,
  type TestContext,
} from '../helpers';
import { createJob, setTat, signIn, type Actor, type Headers } from '../jobs/support';

/**
 * What the audit hook records, derived from the route table: every writing route declares its
 * action and leaves an entry under it when called, every 403 is an `access.denied`, sign-ins are
 * recorded with the failure's reason, and no entry ever holds a secret.
 */

const writing = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** An entry's own columns (the list's names and the entry number left out). */
type Row = Omit<AuditRow, 'id' | 'at' | 'actor_name' | 'actor_email' | 'company_name'>;

let ctx: TestContext;
let admin: Actor;
let owner: Actor;
const passwords: string[] = ['Hostile-Pass-1!'];
const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ';

/** What every writing route is sent once: a body full of what no entry may keep. */
const hostileBody = {
  jobId: jwt,
  password: 'Hostile-Pass-1!',
  new_password: 'Hostile-Pass-1!',
  token: jwt,
  refreshToken: 'Zm9vYmFyYmF6cXV4cXV1eGNvcmdlZ3JhdWx0Z2FycGx5',
  phone: '08031234567',
  nin: '12345678901',
  reason: `call +2348031234567, NIN 12345678901, key vb_live_abcdefghijklmnop, ${jwt}`,
};

/** The entries written for one request, by the request id the test gave it. */
async function entriesOf(requestId: string) {
  const r = await ctx.db.query<Row>(
    'SELECT actor_id, company_id, action, target_type, target_id, outcome, ip, request_id, detail FROM audit_log WHERE request_id = $1',
    [requestId],
  );
  return r.rows;
}

/** `POST /auth/login`, its status and entries. */
const signInWith = (body: { email: string; password: string }) =>
  call('POST', '/api/v2/auth/login', {}, body);

/** A call with its own request id; answers the status and the entries it left. */
async function call(
  method: string,
  url: string,
  headers: Headers,
  payload?: object,
): Promise<{ status: number; body: string; entries: Row[] }> {
  const requestId = randomUUID();
  const res = await ctx.app.inject({
    method: method as 'GET',
    url,
    headers: { ...headers, 'x-request-id': requestId },
    remoteAddress: uniqueIp(),
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.body, entries: await entriesOf(requestId) };
}

beforeAll(async () => {
  ctx = await createTestApp({ superAdminEmails: [] });
  admin = await signIn(ctx.app, ctx.db, 'admin');
  owner = await signIn(ctx.app, ctx.db, 'company');
  passwords.push('amaka-test-pass-7');
});

afterAll(async () => {
  await ctx?.close();
});

describe('the route table', () => {
  it('declares an audit action on every writing route', () => {
    const writes = ctx.app.apiRoutes.filter((r) => writing.has(r.method));
    // The app's own routes, not an empty list that would pass anything.
    expect(writes.length).toBeGreaterThan(40);
    expect(writes.filter((r) => !/^[a-z0-9_]+(\.[a-z0-9_]+)+$/.test(r.audit ?? ''))).toEqual([]);
    expect(writes).toContainEqual({
      method: 'PATCH',
      url: '/api/v2/companies/:id/status',
      access: 'companies.suspend',
      audit: 'company.suspend',
    });
  });

  it('refuses to start with a writing route that declares no audit', async () => {
    await expect(
      appWithRoutes(ctx.db, async (scope) => {
        scope.post('/reports/erase', { config: { access: 'jobs.export' } }, async () => ({}));
      }),
    ).rejects.toThrow('POST /api/v2/reports/erase declares no audit');
    await expect(
      appWithRoutes(ctx.db, async (scope) => {
        const config = { access: 'jobs.export', audit: 'Erase Reports' } as const;
        scope.delete('/reports/:id', { config }, async () => ({}));
      }),
    ).rejects.toThrow('declares the audit action "Erase Reports"');
  });

  it('starts with the same route once it declares one, and a read needs none', async () => {
    const app = await appWithRoutes(ctx.db, async (scope) => {
      const config = { access: 'public', audit: 'report.erase' } as const;
      scope.post('/reports/erase', { config }, async () => ({ erased: 0 }));
      scope.get('/reports', { config: { access: 'public' } }, async () => []);
    });
    try {
      expect(app.apiRoutes).toContainEqual({
        method: 'POST',
        url: '/api/v2/reports/erase',
        access: 'public',
        audit: 'report.erase',
      });
      const requestId = randomUUID();
      await app.inject({
        method: 'POST',
        url: '/api/v2/reports/erase',
        headers: { 'x-request-id': requestId },
      });
      expect((await entriesOf(requestId)).map((e) => [e.action, e.outcome])).toEqual([
        ['report.erase', 200],
      ]);
    } finally {
      await app.close();
    }
  });
});

describe('recording', () => {
  it('leaves an entry with its action for every writing route called', async () => {
    const doc = (await ctx.app.inject({ url: '/api/v2/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { parameters?: { in: string; name: string; schema: { enum?: string[] } }[] }>
      >;
    };
    const missing: string[] = [];
    let called = 0;
    for (const route of ctx.app.apiRoutes.filter((r) => writing.has(r.method))) {
      const op = doc.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
      const url = route.url.replace(
        /:(\w+)/g,
        (_m, name: string) =>
          op?.parameters?.find((p) => p.in === 'path' && p.name === name)?.schema.enum?.[0] ??
          randomUUID(),
      );
      // The provider's admin first; a company-only route refuses them, its owner is let in.
      let res = await call(route.method, url, admin.headers, hostileBody);
      if (res.status === 403) res = await call(route.method, url, owner.headers, hostileBody);
      called++;
      const entry = res.entries.find((e) => e.action === route.audit);
      if (!entry || entry.outcome !== res.status) {
        missing.push(
          `${route.method} ${route.url} (${res.status}): ${JSON.stringify(res.entries)}`,
        );
      }
    }
    expect(called).toBeGreaterThan(40);
    expect(missing).toEqual([]);
  });

  it('names who, for which company, what, on what, from where, under which request id', async () => {
    await setTat(ctx.db, { amountKobo: 150_000 });
    const job = await createJob(ctx.app, owner.headers);
    const [created] = (
      await ctx.db.query<Row>(
        `SELECT * FROM audit_log WHERE action = 'job.create' AND target_id = $1`,
        [job.id],
      )
    ).rows;
    expect(created).toMatchObject({
      actor_id: owner.account.id,
      company_id: owner.companyId,
      target_type: 'job',
      outcome: 201,
    });
    const cancel = await call('POST', `/api/v2/job/${job.id}/cancel`, owner.headers, {
      reason: 'Customer called on 08031234567',
    });
    expect(cancel.status).toBe(200);
    expect(cancel.entries).toEqual([
      {
        actor_id: owner.account.id,
        company_id: owner.companyId,
        action: 'job.cancel',
        target_type: 'job',
        target_id: job.id,
        outcome: 200,
        ip: expect.stringMatching(/^10\./),
        request_id: expect.any(String),
        detail: { reason: 'Customer called on ***567' },
      },
    ]);
  });

  it("records an admin's suspension under the suspended company", async () => {
    const other = await signIn(ctx.app, ctx.db, 'company');
    const res = await call('PATCH', `/api/v2/companies/${other.companyId}/status`, admin.headers, {
      status: 'suspended',
    });
    expect(res.status).toBe(200);
    expect(res.entries).toMatchObject([
      {
        actor_id: admin.account.id,
        company_id: other.companyId,
        action: 'company.suspend',
        target_type: 'company',
        target_id: other.companyId,
      },
    ]);
  });

  it("files an admin's move of a company's job under that company, and junk ids under none", async () => {
    const job = await createJob(ctx.app, owner.headers);
    const cancel = await call('POST', `/api/v2/job/${job.id}/cancel`, admin.headers, {});
    expect(cancel.status).toBe(200);
    expect(cancel.entries).toMatchObject([
      { actor_id: admin.account.id, company_id: owner.companyId, action: 'job.cancel' },
    ]);
    const none = await call('POST', `/api/v2/job/${randomUUID()}/cancel`, admin.headers, {});
    expect(none.status).toBe(404);
    expect(none.entries).toMatchObject([{ company_id: null, action: 'job.cancel' }]);
    await ctx.app.repos.audit.record({
      actorId: admin.account.id,
      companyId: null,
      action: 'job.cancel',
      targetType: 'job',
      targetId: "not-an-id' OR 1=1",
      outcome: 404,
      requestId: 'junk-target',
    });
    expect(await entriesOf('junk-target')).toMatchObject([{ company_id: null }]);
  });

  it('records a refusal with its status, and a denial on any route as access.denied', async () => {
    const bad = await call('POST', '/api/v2/setting/tat', admin.headers, { state: 'atlantis' });
    expect(bad.status).toBe(400);
    expect(bad.entries).toMatchObject([{ action: 'tat.create', outcome: 400 }]);

    const suspend = await call('PATCH', `/api/v2/companies/${randomUUID()}/status`, owner.headers, {
      status: 'suspended',
    });
    expect(suspend.status).toBe(403);
    expect(suspend.entries).toEqual([
      expect.objectContaining({
        actor_id: owner.account.id,
        company_id: owner.companyId,
        action: 'access.denied',
        outcome: 403,
        detail: { route: 'PATCH /api/v2/companies/:id/status', action: 'company.suspend' },
      }),
    ]);
    // A read that declares nothing is recorded all the same when it is refused.
    const list = await call('GET', '/api/v2/companies', owner.headers);
    expect(list.status).toBe(403);
    expect(list.entries).toMatchObject([
      { action: 'access.denied', detail: { route: 'GET /api/v2/companies' } },
    ]);
    // And a read allowed is not recorded at all.
    expect((await call('GET', '/api/v2/setting/tat', owner.headers)).entries).toEqual([]);
  });

  it('records a CSV export, not the list it is a variant of, and downloads every time', async () => {
    const list = await call('GET', '/api/v2/jobs', owner.headers);
    expect(list.status).toBe(200);
    expect(list.entries).toEqual([]);
    const csv = await call('GET', '/api/v2/jobs', { ...owner.headers, accept: 'text/csv' });
    expect(csv.status).toBe(200);
    expect(csv.entries).toMatchObject([
      { action: 'export.jobs', outcome: 200, actor_id: owner.account.id },
    ]);
    const invoice = await call('GET', '/api/v2/transactions/invoice?month=2026-01', owner.headers);
    expect(invoice.entries).toMatchObject([
      { action: 'download.invoice', outcome: invoice.status },
    ]);
  });

  it('records sign-ins: who on success; on failure no actor, the email masked and the reason', async () => {
    const u = await createUser(ctx.db, { role: 'company', email: 'amaka.obi@example.ng' });
    const wrong = await signInWith({ email: u.email, password: 'Wrong-Password-9!' });
    passwords.push('Wrong-Password-9!');
    expect(wrong.status).toBe(401);
    expect(wrong.entries).toMatchObject([
      {
        actor_id: null,
        action: 'auth.login',
        outcome: 401,
        detail: { email: 'a***@example.ng', reason: 'wrong_password' },
      },
    ]);
    const nobody = await signInWith({ email: 'nobody@example.ng', password: 'x' });
    expect(nobody.entries).toMatchObject([{ detail: { reason: 'unknown_email' } }]);
    const right = await signInWith({ email: u.email, password: u.password });
    expect(right.status).toBe(200);
    expect(right.entries).toMatchObject([
      {
        actor_id: u.account.id,
        company_id: u.account.company_id,
        action: 'auth.login',
        outcome: 200,
        detail: { email: 'a***@example.ng' },
      },
    ]);
    await ctx.db.query('UPDATE accounts SET status = 0 WHERE id = $1', [u.account.id]);
    const disabled = await signInWith({ email: u.email, password: u.password });
    expect(disabled.status).toBe(403);
    expect(disabled.entries).toMatchObject([
      { action: 'auth.login', outcome: 403, detail: { reason: 'disabled' } },
    ]);
  });

  it("stops writing a stranger's entries past 300 from one address in 15 minutes", async () => {
    const ip = uniqueIp();
    const junk = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/v2/auth/logout',
        payload: { refreshToken: 'not-a-token' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 305; i++) expect((await junk()).statusCode).toBe(200);
    const written = await ctx.db.query(
      `SELECT 1 FROM audit_log WHERE ip = $1 AND action = 'auth.logout'`,
      [ip],
    );
    expect(written.rows).toHaveLength(300);
    // A signed-in caller from the same address is still recorded.
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/setting/tat',
      headers: admin.headers,
      payload: {},
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(400);
    const mine = await ctx.db.query(`SELECT 1 FROM audit_log WHERE ip = $1 AND actor_id = $2`, [
      ip,
      admin.account.id,
    ]);
    expect(mine.rows).toHaveLength(1);
  });

  it('keeps a done change when the entry cannot be written (logged, not a 500)', async () => {
    const record = ctx.app.repos.audit.record;
    ctx.app.repos.audit.record = async () => {
      throw new Error('disk full');
    };
    try {
      const res = await call('POST', '/api/v2/setting/tat', admin.headers, {
        state: 'kano',
        jobType: 'address',
        audience: 'company',
        amount: 2000,
        tatInHours: 72,
      });
      expect(res.status).toBe(201);
    } finally {
      ctx.app.repos.audit.record = record;
    }
    const tats = await ctx.db.query(`SELECT 1 FROM tat_settings WHERE state = 'kano'`);
    expect(tats.rows).toHaveLength(1);
  });
});

describe('no secret in any entry', () => {
  it('after every route, sign-ins, a password change and an API key: no password, token, phone or NIN', async () => {
    const u = await createUser(ctx.db, { role: 'company' });
    const session = await login(ctx.app, u.email, u.password);
    const newPassword = 'Fresh-Pass-2026!x';
    passwords.push(newPassword, u.password);
    const changed = await call('PUT', '/api/v2/setting/change-password', session.headers, {
      current_password: u.password,
      new_password: newPassword,
    });
    expect(changed.status).toBe(200);
    const key = await call('POST', '/api/v2/api-keys', session.headers, { name: 'Loans system' });
    expect(key.status).toBe(201);
    const secrets = [
      (JSON.parse(key.body) as { key: string }).key,
      session.accessToken,
      session.refreshToken,
    ];
    const refreshed = await call(
      'POST',
      '/api/v2/auth/refresh',
      {},
      {
        refreshToken: session.refreshToken,
      },
    );
    secrets.push((JSON.parse(refreshed.body) as { refreshToken: string }).refreshToken);
    const hook = await call('POST', '/api/v2/webhooks', owner.headers, {
      url: 'https://hooks.example.ng/in?token=abc123secret',
      events: ['job.status_changed'],
    });
    if (hook.status === 201) secrets.push((JSON.parse(hook.body) as { secret: string }).secret);
    await call('PUT', '/api/v2/setting/update-details', session.headers, {
      phone: '+2348031234567',
    });
    await call(
      'POST',
      '/api/v2/agent-applications',
      {},
      { nin: '12345678901', phone: '08031234567' },
    );

    const rows = (
      await ctx.db.query<{ row: string }>('SELECT row_to_json(l)::text AS row FROM audit_log l')
    ).rows.map((r) => r.row.replace(uuid, '<id>'));
    expect(rows.length).toBeGreaterThan(60);
    const leaks = rows.filter(
      (row) =>
        passwords.some((p) => row.includes(p)) ||
        secrets.some((s) => s && row.includes(s)) ||
        /eyJ|vb_live_|\+?234\d{10}|0\d{10}|\d{11}/.test(row),
    );
    expect(leaks).toEqual([]);
    // The scan reads what it guards: the entries of the calls above are among the rows.
    expect(rows.some((r) => r.includes('profile.change_password'))).toBe(true);
    expect(rows.some((r) => r.includes('api_key.create'))).toBe(true);
    // The hostile bodies reached the scrubber: their traces, cut, are in the entries.
    expect(rows.some((r) => r.includes('***567') && r.includes('[redacted]'))).toBe(true);
  });
});
