import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../server/app';
import {
  accessRules,
  permissionLabels,
  type Access,
  type PermissionLabel,
} from '../../../reference/permissions';
import { createTestApp, uniqueIp, type TestContext } from '../helpers';
import { createJob, setTat, signIn, submitEvidence, type Headers } from '../jobs/support';

/**
 * The authorization matrix: every registered API route (read from `app.apiRoutes`, so routes
 * added later are covered without editing this file) × every kind of caller, against what a
 * small oracle reads off the route's rule. Ids are random, bodies empty: a caller the guard lets
 * through meets a 400 or 404, never a 401 or 403.
 */

interface Actor {
  name: string;
  headers: Headers;
  signedIn: boolean;
  area: 'admin' | 'company' | 'agent' | null;
  head: boolean;
  superAdmin: boolean;
  labels: readonly PermissionLabel[];
}

type Outcome = 401 | 403 | 'through';

/** What the route's rule says for this caller, written out by hand rather than via `allows`. */
function oracle(actor: Actor, access: Access): Outcome {
  if (access === 'public') return 'through';
  if (!actor.signedIn) return 401;
  // Agents work from capture links: their token opens nothing of the back-office.
  if (actor.area === 'agent') return 403;
  if (access === 'signed-in') return 'through';
  const rule: {
    areas: readonly string[];
    permission: PermissionLabel | readonly PermissionLabel[] | null;
    only?: string;
  } = accessRules[access];
  if (!rule.areas.includes(actor.area!)) return 403;
  if (rule.only === 'heads' && !actor.head && !actor.superAdmin) return 403;
  if (rule.only === 'super-admin' && !actor.superAdmin) return 403;
  const anyOf = rule.permission === null ? [] : ([] as PermissionLabel[]).concat(rule.permission);
  if (anyOf.length && !actor.head && !anyOf.some((l) => actor.labels.includes(l))) return 403;
  return 'through';
}

const outcomeOf = (status: number): Outcome =>
  status === 401 || status === 403 ? status : 'through';

/** The labels that guard some rule: each gets a "with only it" and an "all but it" account. */
const guardingLabels = [
  ...new Set(
    Object.values(accessRules).flatMap((r: { permission: unknown }) =>
      r.permission === null
        ? []
        : ([] as PermissionLabel[]).concat(r.permission as PermissionLabel),
    ),
  ),
];

interface OpenApi {
  paths: Record<
    string,
    Record<string, { parameters?: { in: string; name: string; schema: { enum?: string[] } }[] }>
  >;
}

/** A concrete URL for a route pattern: path parameters get their first enum value or a uuid. */
function concreteUrl(url: string, method: string, doc: OpenApi) {
  const docPath = url.replace(/:(\w+)/g, '{$1}');
  const ops = doc.paths[docPath] ?? {};
  const op = ops[method.toLowerCase()] ?? ops.get;
  return url.replace(/:(\w+)/g, (_m, name: string) => {
    const param = op?.parameters?.find((p) => p.in === 'path' && p.name === name);
    return param?.schema.enum?.[0] ?? randomUUID();
  });
}

describe('authorization matrix', () => {
  let ctx: TestContext;
  let app: App;
  const actors: Actor[] = [];
  const staffWithOnly = new Map<PermissionLabel, Actor>();
  const staffWithoutOnly = new Map<PermissionLabel, Actor>();
  const subuserWithOnly = new Map<PermissionLabel, Actor>();
  const subuserWithoutOnly = new Map<PermissionLabel, Actor>();
  let staffNone: Actor;
  let subuserNone: Actor;
  let ownerCompanyId: string;

  /**
   * A bearer header for an account, minted the way login does (the token names a new session):
   * login itself is tested elsewhere, and agents cannot sign in at all.
   */
  async function tokenFor(accountId: string): Promise<Headers> {
    const { sessionId } = await app.repos.sessions.start(accountId);
    const token = await app.accessTokens.sign({ sub: accountId, sid: sessionId });
    return { authorization: `Bearer ${token}` };
  }

  let counter = 0;
  /** An active account written directly: no password hashing, so the matrix's 30 callers are cheap. */
  async function account(
    role: 'sub-admin' | 'agent',
    companyId: string | null,
    labels: readonly string[],
  ) {
    const n = ++counter;
    const row = await app.repos.accounts.create({
      role,
      email: `matrix${n}@example.ng`,
      first_name: 'Matrix',
      last_name: `Caller${n}`,
      phone: null,
      password_hash: 'never used: this account signs in by minted token',
      company_id: companyId,
      permissions: [...labels],
      confirmed: true,
    });
    return tokenFor(row.id);
  }

  async function member(
    name: string,
    kind: 'staff' | 'subuser',
    labels: readonly PermissionLabel[],
  ): Promise<Actor> {
    return {
      name,
      headers: await account('sub-admin', kind === 'subuser' ? ownerCompanyId : null, labels),
      signedIn: true,
      area: kind === 'staff' ? 'admin' : 'company',
      head: false,
      superAdmin: false,
      labels,
    };
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    app = ctx.app;
    const owner = await signIn(app, ctx.db, 'company', { company_name: 'Eko Lending Ltd' });
    ownerCompanyId = owner.companyId!;
    const admin = await signIn(app, ctx.db, 'admin');
    const boss = await app.repos.accounts.create({
      role: 'sub-admin',
      email: 'boss@provider.ng',
      first_name: 'Bola',
      last_name: 'Adewale',
      phone: null,
      password_hash: 'never used',
      company_id: null,
      permissions: [],
      confirmed: true,
    });
    const base = { signedIn: true, labels: [] as PermissionLabel[] };
    actors.push(
      {
        ...base,
        name: 'anonymous',
        headers: {},
        signedIn: false,
        area: null,
        head: false,
        superAdmin: false,
      },
      {
        ...base,
        name: 'agent',
        headers: await account('agent', null, []),
        area: 'agent',
        head: false,
        superAdmin: false,
      },
      {
        ...base,
        name: 'admin',
        headers: admin.headers,
        area: 'admin',
        head: true,
        superAdmin: true,
      },
      {
        ...base,
        name: 'company owner',
        headers: owner.headers,
        area: 'company',
        head: true,
        superAdmin: false,
      },
      // A sub-admin named in SUPER_ADMIN_EMAILS: super-admin rights, but no labels.
      {
        ...base,
        name: 'super-admin sub-admin',
        headers: await tokenFor(boss.id),
        area: 'admin',
        head: false,
        superAdmin: true,
      },
    );
    staffNone = await member('sub-admin without labels', 'staff', []);
    subuserNone = await member('sub-user without labels', 'subuser', []);
    for (const label of guardingLabels) {
      const rest = permissionLabels.filter((l) => l !== label);
      staffWithOnly.set(label, await member(`sub-admin with only '${label}'`, 'staff', [label]));
      staffWithoutOnly.set(label, await member(`sub-admin with all but '${label}'`, 'staff', rest));
      subuserWithOnly.set(label, await member(`sub-user with only '${label}'`, 'subuser', [label]));
      subuserWithoutOnly.set(
        label,
        await member(`sub-user with all but '${label}'`, 'subuser', rest),
      );
    }
  });

  afterAll(async () => {
    await ctx?.close();
  });

  /** The callers of one route: the fixed ones, and staff with and without its guarding label. */
  function callersOf(access: Access): Actor[] {
    const rule: { permission: unknown } | null =
      access === 'public' || access === 'signed-in' ? null : accessRules[access];
    const labels =
      rule && rule.permission !== null
        ? ([] as PermissionLabel[]).concat(rule.permission as PermissionLabel)
        : [];
    if (!labels.length) return [...actors, staffNone, subuserNone];
    return [
      ...actors,
      ...labels.flatMap((label) => [
        staffWithOnly.get(label)!,
        staffWithoutOnly.get(label)!,
        subuserWithOnly.get(label)!,
        subuserWithoutOnly.get(label)!,
      ]),
    ];
  }

  it('answers every route × caller as the permission table says', async () => {
    const doc = (await app.inject({ url: '/api/v2/docs/json' })).json() as OpenApi;
    const mismatches: string[] = [];
    const seen = { 401: 0, 403: 0, through: 0 };
    for (const route of app.apiRoutes) {
      const access = route.access!;
      const url = concreteUrl(route.url, route.method, doc);
      for (const actor of callersOf(access)) {
        const res = await app.inject({
          method: route.method as 'GET',
          url,
          headers: actor.headers,
          remoteAddress: uniqueIp(),
          ...(route.method === 'GET' || route.method === 'HEAD' ? {} : { payload: {} }),
        });
        const want = oracle(actor, access);
        const got = outcomeOf(res.statusCode);
        seen[got]++;
        if (got !== want) {
          mismatches.push(
            `${route.method} ${url} (${access}) as ${actor.name}: ${res.statusCode}, want ${want}`,
          );
        }
      }
    }
    expect(mismatches).toEqual([]);
    // The matrix really exercised both sides of the guard.
    expect(seen[401]).toBeGreaterThan(20);
    expect(seen[403]).toBeGreaterThan(50);
    expect(seen.through).toBeGreaterThan(100);
  });

  describe('the abuses of the demo sub-admin, through the API', () => {
    /** The demo's sub-admin: dashboard, job creation and user lists, nothing else. */
    const demoLabels: PermissionLabel[] = [
      'View Dashboard',
      'Create Job',
      'User management (view)',
    ];
    let demo: Headers;
    let admin: Headers;
    let submittedJobId: string;

    beforeAll(async () => {
      demo = await account('sub-admin', null, demoLabels);
      admin = actors.find((a) => a.name === 'admin')!.headers;
      await setTat(ctx.db, { amountKobo: 150_000 });
      const owner = actors.find((a) => a.name === 'company owner')!.headers;
      const job = await createJob(app, owner);
      const partner = await signIn(app, ctx.db, 'company', { partner: true });
      const assigned = await app.inject({
        method: 'PATCH',
        url: `/api/v2/job/assign/company/${partner.companyId}`,
        headers: owner,
        payload: { list: [job.id] },
      });
      expect(assigned.statusCode).toBe(200);
      await submitEvidence(app, job.id);
      submittedJobId = job.id;
    });

    it('cannot change a price: 403, and the price stays', async () => {
      const before = (await app.inject({ url: '/api/v2/setting/tat', headers: admin })).json() as {
        tats: { _id: string; amount: number }[];
      };
      const lagos = before.tats[0]!;
      expect(lagos.amount).toBe(1500);
      const tat = { state: 'lagos', jobType: 'address', audience: 'company', tatInHours: 48 };
      const edit = await app.inject({
        method: 'PATCH',
        url: `/api/v2/setting/tat/${lagos._id}`,
        headers: demo,
        payload: { ...tat, amount: 0.01 },
      });
      expect(edit.statusCode).toBe(403);
      const create = await app.inject({
        method: 'POST',
        url: '/api/v2/setting/tat',
        headers: demo,
        payload: { ...tat, state: 'kano', amount: 0.01 },
      });
      expect(create.statusCode).toBe(403);
      const after = (await app.inject({ url: '/api/v2/setting/tat', headers: admin })).json();
      expect(after).toEqual(before);
    });

    it('cannot export jobs as CSV, nor can staff who see jobs but lack the report right', async () => {
      const csv = { accept: 'text/csv' };
      const res = await app.inject({ url: '/api/v2/jobs', headers: { ...demo, ...csv } });
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('JOB-');
      // The export is a variant of the list: seeing jobs does not grant downloading them.
      const viewer = await account('sub-admin', null, ['View Job History']);
      expect((await app.inject({ url: '/api/v2/jobs', headers: viewer })).statusCode).toBe(200);
      const viewerCsv = await app.inject({ url: '/api/v2/jobs', headers: { ...viewer, ...csv } });
      expect(viewerCsv.statusCode).toBe(403);
      const reporter = await account('sub-admin', null, [
        'View Job History',
        'View, Print & Download Report',
      ]);
      const report = await app.inject({ url: '/api/v2/jobs', headers: { ...reporter, ...csv } });
      expect(report.statusCode).toBe(200);
      expect(report.body).toContain('JOB-');
    });

    it('cannot approve or reject a submitted job', async () => {
      for (const type of ['approve', 'reject']) {
        const res = await app.inject({
          method: 'PUT',
          url: `/api/v2/job/appove-or-reject/${submittedJobId}/${type}`,
          headers: demo,
          payload: { rating: 5 },
        });
        expect(res.statusCode).toBe(403);
      }
      const job = await app.inject({ url: `/api/v2/jobs/${submittedJobId}`, headers: admin });
      expect(job.json()).toMatchObject({ status: 'submitted' });
    });
  });

  it("never shows a company's sub-user another company's jobs (404)", async () => {
    const other = await signIn(app, ctx.db, 'company', { company_name: 'Kano Textiles Ltd' });
    await setTat(ctx.db, { amountKobo: 150_000 });
    const theirs = await createJob(app, other.headers);
    const subuser = await account('sub-admin', ownerCompanyId, [...permissionLabels]);
    for (const url of [
      `/api/v2/jobs/${theirs.id}`,
      `/api/v2/job/detail/${theirs.id}`,
      `/api/v2/jobs/${theirs.id}/photos/selfie`,
    ]) {
      const res = await app.inject({ url, headers: subuser });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain(theirs.code);
    }
    const cancel = await app.inject({
      method: 'POST',
      url: `/api/v2/job/${theirs.id}/cancel`,
      headers: subuser,
      payload: {},
    });
    expect(cancel.statusCode).toBe(404);
    const list = await app.inject({ url: '/api/v2/jobs?range=[0,999]', headers: subuser });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(theirs.code);
    const mine = await app.inject({ url: `/api/v2/jobs/${theirs.id}`, headers: other.headers });
    expect(mine.json()).toMatchObject({ code: theirs.code, status: 'pending' });
  });
});
