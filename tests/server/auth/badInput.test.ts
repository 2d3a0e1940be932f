import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, createTestApp, post, signupBody, uniqueIp, type TestContext } from '../helpers';

/**
 * Every auth route refuses bad input with 400 `{message, errors:[{field, msg}]}` naming the
 * field, before doing anything, and never answers 500.
 */

type Kind = 'name' | 'email' | 'phone' | 'password' | 'token' | 'text';
interface Route {
  valid: () => Record<string, unknown>;
  fields: Record<string, Kind>;
  optional?: string[];
}

const routes: Record<string, Route> = {
  signup: {
    valid: () => signupBody({ company_name: 'Acme Ltd' }),
    fields: {
      first_name: 'name',
      last_name: 'name',
      email: 'email',
      phone: 'phone',
      password: 'password',
      company_name: 'text',
    },
    optional: ['company_name'],
  },
  'confirm-email': { valid: () => ({ token: 'some-token' }), fields: { token: 'token' } },
  login: {
    valid: () => ({ email: 'someone@example.ng', password: 'amaka-test-pass-7' }),
    fields: { email: 'email', password: 'text' },
  },
  refresh: { valid: () => ({ refreshToken: 'some-token' }), fields: { refreshToken: 'token' } },
  logout: { valid: () => ({ refreshToken: 'some-token' }), fields: { refreshToken: 'token' } },
  'recover-password': {
    valid: () => ({ email: 'someone@example.ng' }),
    fields: { email: 'email' },
  },
  'set-password': {
    valid: () => ({ token: 'some-token', password: 'amaka-test-pass-7' }),
    fields: { token: 'token', password: 'password' },
  },
};

const huge = 'x'.repeat(10_000);
const wrongTypes: [string, unknown][] = [
  ['a number', 5],
  ['null', null],
  ['an object', { value: 'x' }],
  ['an array', ['x']],
  ['a boolean', true],
];

/** Bad values for one kind of field, each with what it shows. */
function badValues(kind: Kind): [string, unknown][] {
  const out: [string, unknown][] = [
    ...wrongTypes,
    ['oversized', kind === 'email' ? `${huge}@example.ng` : huge],
  ];
  if (kind !== 'text') out.push(['empty', '']);
  if (kind === 'email') {
    for (const e of [
      'not-an-email',
      'someone@',
      '@example.ng',
      'some one@example.ng',
      'a@b@example.ng',
    ]) {
      out.push([`malformed (${e})`, e]);
    }
  }
  if (kind === 'name') out.push(['blank', '   ']);
  if (kind === 'password') out.push(['too short', 'seven77']);
  if (kind === 'phone') out.push(['not Nigerian', '+1 415 555 2671'], ['not a number', 'call me']);
  return out;
}

const cases: [string, string, string, (b: Record<string, unknown>) => void][] = [];
for (const [route, spec] of Object.entries(routes)) {
  for (const [field, kind] of Object.entries(spec.fields)) {
    if (!spec.optional?.includes(field)) {
      cases.push([route, field, 'missing', (b) => delete b[field]]);
    }
    for (const [what, value] of badValues(kind)) {
      cases.push([route, field, what, (b) => (b[field] = value)]);
    }
  }
}

describe('bad input on every auth route', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it.each(cases)('%s: %s %s → 400 naming the field', async (route, field, _what, spoil) => {
    const body = routes[route]!.valid();
    spoil(body);
    const res = await post(ctx.app, route, body, uniqueIp());
    expect(res.statusCode).toBe(400);
    const answer = res.json() as { message: string; errors: { field: string; msg: string }[] };
    expect(answer.message).toEqual(expect.any(String));
    expect(answer.errors).toContainEqual({ field, msg: expect.stringContaining(field) });
  });

  it('stores nothing and mails nothing for refused sign-ups and logins', async () => {
    expect(await count(ctx.db, 'accounts')).toBe(0);
    expect(await count(ctx.db, 'companies')).toBe(0);
    expect(await count(ctx.db, 'mail_outbox')).toBe(0);
    // Refused before any check of the password: not a failed login that counts against anyone.
    expect(await count(ctx.db, `rate_limits WHERE bucket LIKE 'login:%'`)).toBe(0);
  });

  it.each(Object.keys(routes))('%s: names every missing field at once', async (route) => {
    const res = await post(ctx.app, route, {});
    expect(res.statusCode).toBe(400);
    const fields = (res.json().errors as { field: string }[]).map((e) => e.field).sort();
    const spec = routes[route]!;
    expect(fields).toEqual(
      Object.keys(spec.fields)
        .filter((f) => !spec.optional?.includes(f))
        .sort(),
    );
  });

  const notObjects: [string, string | undefined][] = [
    ['no body', undefined],
    ['an empty body', ''],
    ['null', 'null'],
    ['an array', '[]'],
    ['a string', '"text"'],
    ['a number', '42'],
  ];
  const bodyCases = Object.keys(routes).flatMap((route) =>
    notObjects.map(([what, payload]) => [route, what, payload] as const),
  );
  it.each(bodyCases)('%s: %s → 400 with a message', async (route, _what, payload) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/v2/auth/${route}`,
      ...(payload === undefined
        ? {}
        : { payload, headers: { 'content-type': 'application/json' } }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: expect.any(String) });
  });

  it.each(Object.keys(routes))(
    '%s: a body that is not JSON → 415 with a message',
    async (route) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: `/api/v2/auth/${route}`,
        payload: 'email=a@b.ng',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(415);
      expect(res.json()).toEqual({ message: expect.any(String) });
    },
  );

  it('ignores fields a client may not set at sign-up', async () => {
    const body = signupBody({
      role: 'admin',
      permissions: ['everything'],
      status: 1,
      email_confirmed_at: '2020-01-01T00:00:00Z',
      company_id: '00000000-0000-0000-0000-000000000000',
    });
    expect((await post(ctx.app, 'signup', body)).statusCode).toBe(201);
    const r = await ctx.db.query<{
      role: string;
      permissions: string[];
      email_confirmed_at: Date | null;
    }>('SELECT role, permissions, email_confirmed_at FROM accounts WHERE email = $1', [body.email]);
    expect(r.rows).toEqual([{ role: 'company', permissions: [], email_confirmed_at: null }]);
  });
});
