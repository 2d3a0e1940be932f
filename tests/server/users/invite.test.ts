import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttles } from '../../../server/services/throttles';
import {
  count,
  createTestApp,
  lastMailLink,
  login,
  mailsTo,
  post,
  signupBody,
  type TestContext,
} from '../helpers';
import { signIn, type Headers, type Actor } from '../jobs/support';
import { acceptInvitation, call, invite, inviteAndAccept, inviteBody } from './support';

let ctx: TestContext;
let admin: Headers;
let company: Actor;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = (await signIn(ctx.app, ctx.db, 'admin')).headers;
  company = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Ikeja Loans Ltd' });
});
afterAll(() => ctx.close());

const accounts = () => count(ctx.db, 'accounts');

const invitationAnswer = {
  message: 'Invitation sent: they will get an email with a link to set their password.',
};

describe('POST /auth/invite-admin', () => {
  it('security: the invited account cannot sign in until it sets its own password through the mailed link', async () => {
    // A client still sending a password (the old payload) chooses nothing.
    const body = {
      ...inviteBody({ permission: ['View Job History', 'View Dashboard'] }),
      password: 'inviter-knows-this-1',
    };
    const res = await invite(ctx.app, admin, body);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(invitationAnswer);
    expect(res.body).not.toContain('inviter-knows-this-1');
    for (const password of [body.password, '']) {
      const tried = await post(ctx.app, 'login', { email: body.email, password: password || 'x' });
      expect(tried.statusCode).toBe(401);
    }
    // The mail holds the link to choose a password, and no password.
    const mail = (await mailsTo(ctx.db, body.email)).at(-1)!;
    expect(mail.subject).toBe('You have been added to the verification back-office');
    expect(mail.text).not.toContain(body.password);
    expect((await lastMailLink(ctx.db, body.email)).pathname).toBe('/setpassword');

    await acceptInvitation(ctx.app, ctx.db, body.email, 'my-own-choice-2026');
    const session = await login(ctx.app, body.email, 'my-own-choice-2026');
    expect(session.account).toMatchObject({ area: 'admin', role: 'sub-admin' });
    const user = await call(ctx.app, admin, 'GET', `/users/${session.account.id}`);
    expect(user.json()).toMatchObject({
      role: 'sub-admin',
      company_id: null,
      email: body.email,
      phone: '+2348035550101',
      address: body.address,
      status: 1,
      // the table's order, whatever the order sent
      permissions: ['View Dashboard', 'View Job History'],
    });
    expect(user.json().uniqueCode).toMatch(/^SUB-\d{6}$/);
    // The link works once.
    await expect(acceptInvitation(ctx.app, ctx.db, body.email)).rejects.toThrow(/400/);
  });

  it('security: a taken email answers as a new one, creates nothing and mails its owner instead', async () => {
    const owner = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Some Bank Plc' });
    const before = await accounts();
    const res = await invite(
      ctx.app,
      company.headers,
      inviteBody({ email: owner.account.email.toUpperCase() }),
    );
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual(invitationAnswer);
    expect(await accounts()).toBe(before);
    await ctx.app.mailer.idle();
    const mail = (await mailsTo(ctx.db, owner.account.email)).at(-1)!;
    expect(mail.subject).toBe('Someone tried to add your email to the verification back-office');
    expect(mail.text).not.toMatch(/setpassword/);
    // The owner's account is untouched: still the head of their own company.
    const me = await call(ctx.app, owner.headers, 'GET', '/auth/me');
    expect(me.json()).toMatchObject({ role: 'company', company_name: 'Some Bank Plc' });
  });

  it('security: the real owner signing up later gets their own account, not the pending invitation', async () => {
    const body = inviteBody({ email: `ceo.${Date.now()}@somebank.ng` });
    expect((await invite(ctx.app, company.headers, body)).statusCode).toBe(202);
    const invitation = await lastMailLink(ctx.db, body.email);
    const signup = await post(
      ctx.app,
      'signup',
      signupBody({ email: body.email, company_name: 'Some Bank' }),
    );
    expect(signup.statusCode).toBe(201);
    const confirm = await lastMailLink(ctx.db, body.email);
    expect(confirm.pathname).toBe('/confirmemail');
    expect(
      (await post(ctx.app, 'confirm-email', { token: confirm.searchParams.get('token') }))
        .statusCode,
    ).toBe(200);
    const session = await login(ctx.app, body.email, signupBody().password as string);
    expect(session.account).toMatchObject({ role: 'company', company_name: 'Some Bank' });
    // The pending invitation is gone: its link sets nothing.
    const set = await post(ctx.app, 'set-password', {
      token: invitation.searchParams.get('token'),
      password: 'attacker-guess-2026',
    });
    expect(set.statusCode).toBe(400);
  });

  it('security: invitations are throttled per inviter and per company', async () => {
    const { limit: perInviter } = throttles.invitesPerInviter;
    const { limit: perCompany } = throttles.invitesPerCompany;
    const bank = await signIn(ctx.app, ctx.db, 'company', { company_name: 'Throttled Ltd' });
    for (let i = 0; i < perInviter; i++) {
      expect((await invite(ctx.app, bank.headers, inviteBody())).statusCode).toBe(202);
    }
    const over = await invite(ctx.app, bank.headers, inviteBody());
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Sub-users of the same company share the company's count.
    let sent = perInviter;
    while (sent < perCompany) {
      const sub = await signIn(ctx.app, ctx.db, 'subuser', {
        companyOf: bank.companyId!,
        permissions: ['Create Sub-User'],
      });
      for (let i = 0; i < perInviter && sent < perCompany; i++, sent++) {
        expect(
          (await invite(ctx.app, sub.headers, inviteBody({ permission: [] }))).statusCode,
        ).toBe(202);
      }
    }
    const sub = await signIn(ctx.app, ctx.db, 'subuser', {
      companyOf: bank.companyId!,
      permissions: ['Create Sub-User'],
    });
    expect((await invite(ctx.app, sub.headers, inviteBody({ permission: [] }))).statusCode).toBe(
      429,
    );
    // Another company is not held back.
    expect((await invite(ctx.app, company.headers, inviteBody())).statusCode).toBe(202);
  });

  it("makes a company's invitation a sub-user of that company", async () => {
    const session = await inviteAndAccept(ctx.app, ctx.db, company.headers, inviteBody());
    expect(session.account).toMatchObject({ area: 'company', company_name: 'Ikeja Loans Ltd' });
    const user = await call(ctx.app, company.headers, 'GET', `/users/${session.account.id}`);
    expect(user.json()).toMatchObject({
      company_id: company.companyId,
      company_name: 'Ikeja Loans Ltd',
    });
  });

  it("makes a sub-user's invitation a sub-user of the same company", async () => {
    const sub = await signIn(ctx.app, ctx.db, 'subuser', {
      companyOf: company.companyId!,
      permissions: ['Create Sub-User', 'View Job History'],
    });
    const session = await inviteAndAccept(ctx.app, ctx.db, sub.headers, inviteBody());
    const user = await call(ctx.app, company.headers, 'GET', `/users/${session.account.id}`);
    expect(user.json().company_id).toBe(company.companyId);
  });

  it('stores labels that no module uses yet', async () => {
    const session = await inviteAndAccept(
      ctx.app,
      ctx.db,
      admin,
      inviteBody({ permission: ['Loans (review, accept and reject loans)', 'Account Opening'] }),
    );
    const user = await call(ctx.app, admin, 'GET', `/users/${session.account.id}`);
    expect(user.json().permissions).toEqual([
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
    expect(ok.statusCode).toBe(202);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['first_name', { first_name: '' }, 'first_name'],
    ['blank first_name', { first_name: '   ' }, 'first_name'],
    ['last_name', { last_name: undefined }, 'last_name'],
    ['blank last_name', { last_name: ' ' }, 'last_name'],
    ['email', { email: 'not-an-email' }, 'email'],
    ['phone', { phone: '12345' }, 'phone'],
    ['foreign phone', { phone: '+44 20 7946 0958' }, 'phone'],
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
      expect(await mailsTo(ctx.db, String(body.email))).toEqual([]);
    },
  );
});
