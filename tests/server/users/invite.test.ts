import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, createTestApp, lastMailLink, login, mailsTo, type TestContext } from '../helpers';
import { signIn, type Headers } from '../jobs/support';
import { call, invite, inviteBody } from './support';

let ctx: TestContext;
let admin: Headers;
let company: Awaited<ReturnType<typeof signIn>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx.app, ctx.db, 'admin')).headers;
  company = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Ikeja Loans Ltd' });
});
afterAll(() => ctx.close());

const accounts = () => count(ctx.db, 'accounts');

describe('POST /auth/invite-admin', () => {
  it('lets an admin create a provider sub-admin with the chosen labels, who can sign in at once', async () => {
    const body = inviteBody({ permission: ['View Job History', 'View Dashboard'] });
    const res = await invite(ctx.app, admin, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      role: 'sub-admin',
      company_id: null,
      email: body.email,
      phone: '+2348035550101',
      address: body.address,
      status: 1,
      last_seen: null,
      // the table's order, whatever the order sent
      permissions: ['View Dashboard', 'View Job History'],
    });
    expect(res.json().uniqueCode).toMatch(/^SUB-\d{6}$/);
    const session = await login(ctx.app, body.email, body.password);
    expect(session.account).toMatchObject({ area: 'admin', role: 'sub-admin' });
  });

  it('mails the new user an invitation with a link to choose their own password', async () => {
    const body = inviteBody();
    const created = await invite(ctx.app, admin, body);
    expect(created.statusCode).toBe(201);
    // the first link signs in with the given password, the second sets one's own
    expect((await lastMailLink(ctx.db, body.email)).pathname).toBe('/login');
    const text = mailsTo(ctx.db, body.email)[0]!.text;
    const link = new URL(text.match(/http:\/\/backoffice\.test\/setpassword\S+/)![0]);
    const set = await ctx.app.inject({
      method: 'POST',
      url: '/api/v2/auth/set-password',
      payload: { token: link.searchParams.get('token'), password: 'my-own-choice-2026' },
    });
    expect(set.statusCode).toBe(200);
    expect((await login(ctx.app, body.email, 'my-own-choice-2026')).account.id).toBe(
      created.json().id,
    );
  });

  it("makes a company's invitation a sub-user of that company", async () => {
    const body = inviteBody();
    const res = await invite(ctx.app, company.headers, body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      company_id: company.companyId,
      company_name: 'Ikeja Loans Ltd',
    });
    expect(
      (
        await call(
          ctx.app,
          (await login(ctx.app, body.email, body.password)).headers,
          'GET',
          '/auth/me',
        )
      ).json().area,
    ).toBe('company');
  });

  it("makes a sub-user's invitation a sub-user of the same company", async () => {
    const sub = await signIn(ctx.app, ctx.db, 'subuser', {
      companyOf: company.companyId!,
      permissions: ['Create Sub-User', 'View Job History'],
    });
    const res = await invite(ctx.app, sub.headers, inviteBody());
    expect(res.statusCode).toBe(201);
    expect(res.json().company_id).toBe(company.companyId);
  });

  it('stores labels that no module uses yet', async () => {
    const res = await invite(
      ctx.app,
      admin,
      inviteBody({ permission: ['Loans (review, accept and reject loans)', 'Account Opening'] }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().permissions).toEqual([
      'Loans (review, accept and reject loans)',
      'Account Opening',
    ]);
  });

  it('refuses a creator without Create Sub-User (403) and anonymous callers (401)', async () => {
    const staff = await signIn(ctx.app, ctx.db, 'staff', { permissions: ['View Job History'] });
    const before = await accounts();
    expect((await invite(ctx.app, staff.headers, inviteBody())).statusCode).toBe(403);
    expect((await invite(ctx.app, {}, inviteBody())).statusCode).toBe(401);
    expect(await accounts()).toBe(before);
  });

  it('never lets a creator grant a label they do not hold: 403 naming permission, nothing written', async () => {
    const staff = await signIn(ctx.app, ctx.db, 'staff', {
      permissions: ['Create Sub-User', 'View Job History'],
    });
    const before = await accounts();
    const res = await invite(
      ctx.app,
      staff.headers,
      inviteBody({ permission: ['View Job History', 'Create Job'] }),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual([
      {
        field: 'permission',
        msg: 'You cannot grant a permission you do not hold: Create Job',
      },
    ]);
    expect(await accounts()).toBe(before);
    const ok = await invite(
      ctx.app,
      staff.headers,
      inviteBody({ permission: ['View Job History'] }),
    );
    expect(ok.statusCode).toBe(201);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['first_name', { first_name: '' }, 'first_name'],
    ['blank first_name', { first_name: '   ' }, 'first_name'],
    ['last_name', { last_name: undefined }, 'last_name'],
    ['blank last_name', { last_name: ' ' }, 'last_name'],
    ['email', { email: 'not-an-email' }, 'email'],
    ['phone', { phone: '12345' }, 'phone'],
    ['foreign phone', { phone: '+44 20 7946 0958' }, 'phone'],
    ['short password', { password: 'short' }, 'password'],
    ['common password', { password: 'password123' }, 'password'],
    ['address', { address: 'x'.repeat(301) }, 'address'],
    ['unknown label', { permission: ['View Dashboard', 'Fly planes'] }, 'permission'],
    ['label of another type', { permission: [7] }, 'permission.0'],
    ['missing permission', { permission: undefined }, 'permission'],
  ];
  it.each(bad)(
    'answers 400 naming the field for a bad %s, and writes nothing',
    async (_, over, field) => {
      const before = await accounts();
      const body = inviteBody(over);
      const res = await invite(ctx.app, admin, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
      expect(await accounts()).toBe(before);
      expect(mailsTo(ctx.db, String(body.email))).toEqual([]);
    },
  );

  it('answers 400 naming email for a taken email, in any case', async () => {
    const body = inviteBody();
    expect((await invite(ctx.app, admin, body)).statusCode).toBe(201);
    const before = await accounts();
    const res = await invite(ctx.app, admin, inviteBody({ email: body.email.toUpperCase() }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([
      { field: 'email', msg: 'An account with this email already exists' },
    ]);
    expect(await accounts()).toBe(before);
  });
});
