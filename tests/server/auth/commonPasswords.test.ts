import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../../../server/seed/demoData';
import { createConfirmedUser } from '../../../server/services/createUser';
import { isCommonPassword } from '../../../server/services/passwordPolicy';
import {
  count,
  createTestApp,
  createUser,
  lastMailLink,
  post,
  signupBody,
  type TestContext,
} from '../helpers';

const commonPasswordError = {
  message: expect.stringMatching(/most commonly used passwords/),
  errors: [{ field: 'password', msg: expect.stringMatching(/most commonly used passwords/) }],
};

describe('security: common passwords are refused wherever a password is set', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  it.each(['password', 'PassWord123', 'iloveyou', 'qwertyuiop'])(
    'sign-up with %s answers 400 naming password and creates nothing',
    async (password) => {
      const body = signupBody({ password });
      const res = await post(ctx.app, 'signup', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual(commonPasswordError);
      expect(await count(ctx.db, 'accounts WHERE email = $1', [body.email])).toBe(0);
      expect(await count(ctx.db, 'mail_outbox WHERE to_address = $1', [body.email])).toBe(0);
    },
  );

  it('sign-up accepts a password that is not on the list', async () => {
    const res = await post(ctx.app, 'signup', signupBody({ password: 'Ikeja-lenders-2024' }));
    expect(res.statusCode).toBe(201);
  });

  it('set-password refuses a common password and leaves the link usable', async () => {
    const user = await createUser(ctx.db);
    await post(ctx.app, 'recover-password', { email: user.email });
    const token = (await lastMailLink(ctx.db, user.email)).searchParams.get('token');
    const res = await post(ctx.app, 'set-password', { token, password: 'Sunshine1' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(commonPasswordError);
    const ok = await post(ctx.app, 'set-password', { token, password: 'Ikeja-lenders-2024' });
    expect(ok.statusCode).toBe(200);
  });

  it('operators and demo data (createConfirmedUser) are refused too, before any row is written', async () => {
    const companies = await count(ctx.db, 'companies');
    await expect(
      createConfirmedUser(ctx.db, {
        role: 'company',
        email: 'common@example.ng',
        password: 'Password1',
        first_name: 'Com',
        last_name: 'Mon',
        company_name: 'Common Ltd',
      }),
    ).rejects.toMatchObject({ statusCode: 400, errors: [{ field: 'password' }] });
    expect(await count(ctx.db, 'companies')).toBe(companies);
    expect(await count(ctx.db, "accounts WHERE email = 'common@example.ng'")).toBe(0);
  });

  it('the list holds the top passwords in any case, and not the demo or fixture passwords', async () => {
    for (const p of ['123456', 'password', 'PASSWORD', 'qwerty', 'password123'])
      expect(await isCommonPassword(p)).toBe(true);
    for (const p of [...demoAccounts.map((a) => a.password), 'amaka-test-pass-7'])
      expect(await isCommonPassword(p)).toBe(false);
  });
});
