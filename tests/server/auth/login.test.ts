import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { throttles } from '../../../server/services/throttles';
import { createTestApp, createUser, post, uniqueIp, type TestContext } from '../helpers';
import { useRealPasswordCost } from '../passwordCost';

describe('POST /auth/login', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const login = (email: string, password: string, ip = uniqueIp()) =>
    post(ctx.app, 'login', { email, password }, ip);
  /** Failed sign-ins counted for an email, from every address. */
  const failuresOf = async (email: string) => {
    const r = await ctx.db.query<{ hits: number }>(
      `SELECT coalesce(sum(hits), 0)::int AS hits FROM rate_limits
        WHERE bucket = $1 AND key LIKE lower($2) || '|%'`,
      [throttles.loginPerEmailAndIp.bucket, email],
    );
    return r.rows[0]!.hits;
  };
  /** Puts `hits` attempts for `key` in the database, in a window that began `minutesAgo`. */
  const seedAttempts = (bucket: string, key: string, hits: number, minutesAgo: number) =>
    ctx.db.query(
      `INSERT INTO rate_limits (bucket, key, hits, window_start)
       VALUES ($1, $2, $3, now() - make_interval(mins => $4))`,
      [bucket, key, hits, minutesAgo],
    );

  it('answers 200 with both tokens and the account', async () => {
    const {
      account: row,
      email,
      password,
    } = await createUser(ctx.db, {
      role: 'company',
      company_name: 'Abuja Finance',
      phone: '0803 555 1234',
      first_name: 'Bola',
      last_name: 'Ade',
    });
    const res = await login(email, password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['accessToken', 'account', 'refreshToken']);
    expect(body.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/); // a JWT
    expect(body.refreshToken).toMatch(/^[\w-]{20,}$/);
    expect(body.account).toMatchObject({
      id: row.id,
      first_name: 'Bola',
      last_name: 'Ade',
      uniqueCode: row.unique_code,
      email,
      phone: '+2348035551234',
      company_name: 'Abuja Finance',
      role: 'company',
      permissions: [],
      isSuperAdmin: false,
    });
    // Nothing secret or internal leaves with the account.
    expect(body.account).not.toHaveProperty('password_hash');
    expect(body.account).not.toHaveProperty('status');
    expect(JSON.stringify(body)).not.toMatch(/argon2/);
  });

  it('finds the account whatever the letter case of the email', async () => {
    const { email, password } = await createUser(ctx.db, {
      email: `Case.Test${Date.now()}@Example.ng`,
    });
    expect((await login(email.toUpperCase(), password)).statusCode).toBe(200);
    expect((await login(email.toLowerCase(), password)).statusCode).toBe(200);
  });

  it('answers a wrong password and an unknown email alike: 401, same message', async () => {
    const { email } = await createUser(ctx.db);
    const wrong = await login(email, 'not-the-password');
    const unknown = await login('nobody-at-all@example.ng', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: expect.any(String) });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('takes about as long for an unknown email as for a wrong password', async () => {
    // At the app's own password cost (the other tests hash at the lowest), on an app whose modules
    // load anew with it: the dummy hash an unknown email is checked against is made at load.
    const restore = useRealPasswordCost();
    vi.resetModules();
    const fresh = await import('../helpers');
    const real = await fresh.createTestApp();
    try {
      const { email } = await fresh.createUser(real.db);
      const hash = await real.db.query<{ password_hash: string }>(
        'SELECT password_hash FROM accounts WHERE email = $1',
        [email],
      );
      expect(hash.rows[0]!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const time = async (e: string) => {
        const t0 = performance.now();
        const res = await fresh.post(real.app, 'login', { email: e, password: 'not-the-password' });
        expect(res.statusCode).toBe(401);
        return performance.now() - t0;
      };
      await time(email); // warm-up
      await time('warm-up-unknown@example.ng');
      const wrong: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 7; i++) {
        wrong.push(await time(email));
        unknown.push(await time(`unknown-${i}@example.ng`));
      }
      // The median, so that one request slowed by a busy machine does not decide the outcome.
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
      // Without the dummy argon2 verification the unknown email answers several times faster.
      expect(median(unknown)).toBeGreaterThanOrEqual(0.4 * median(wrong));
    } finally {
      await real.close();
      restore();
    }
  });

  describe('throttling', () => {
    it('security: after 10 failures for an email from one address refuses that address, even the right password, with 429', async () => {
      const { email, password } = await createUser(ctx.db, { role: 'admin' });
      const ip = uniqueIp();
      for (let i = 0; i < 10; i++) {
        expect((await login(email, `wrong-password-${i}`, ip)).statusCode).toBe(401);
      }
      expect(await failuresOf(email)).toBe(10);

      const res = await login(email, password, ip);
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        message: 'Too many failed login attempts. Please wait 15 minutes and try again.',
      });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(14 * 60);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      // Refused attempts are not verified and not counted again.
      expect(await failuresOf(email)).toBe(10);
    });

    it('security: a right password from another address is not refused for the failures of the email', async () => {
      const { email, password } = await createUser(ctx.db, { role: 'admin' });
      for (let i = 0; i < 10; i++) await login(email, `wrong-password-${i}`, '10.201.0.1');
      expect((await login(email, password, '10.201.0.1')).statusCode).toBe(429);
      // The owner, elsewhere, signs in; a guesser must change address every 10 tries.
      expect((await login(email, password, '10.201.0.2')).statusCode).toBe(200);
      expect((await login(email, 'wrong-password', '10.201.0.3')).statusCode).toBe(401);
    });

    it('counts the email without regard to case', async () => {
      const { email, password } = await createUser(ctx.db);
      const ip = uniqueIp();
      for (let i = 0; i < 10; i++) {
        await login(i % 2 ? email.toUpperCase() : email, 'wrong-password', ip);
      }
      expect(await failuresOf(email)).toBe(10);
      expect((await login(email.toUpperCase(), password, ip)).statusCode).toBe(429);
    });

    it('leaves another email from the same address unaffected', async () => {
      const locked = await createUser(ctx.db);
      const other = await createUser(ctx.db);
      for (let i = 0; i < 10; i++) await login(locked.email, 'wrong-password', '10.200.0.1');
      expect((await login(locked.email, locked.password, '10.200.0.1')).statusCode).toBe(429);
      expect((await login(other.email, other.password, '10.200.0.1')).statusCode).toBe(200);
    });

    it('keeps its counters in the database: rows put there count, old rows do not', async () => {
      const ip = uniqueIp();
      const { email, password } = await createUser(ctx.db);
      await seedAttempts(
        throttles.loginPerEmailAndIp.bucket,
        `${email.toLowerCase()}|${ip}`,
        10,
        16,
      );
      expect((await login(email, password, ip)).statusCode).toBe(200);

      const fresh = await createUser(ctx.db);
      const key = `${fresh.email.toLowerCase()}|${ip}`;
      await seedAttempts(throttles.loginPerEmailAndIp.bucket, key, 10, 14);
      expect((await login(fresh.email, fresh.password, ip)).statusCode).toBe(429);
    });

    it('limits failures per IP address across emails', async () => {
      const ip = '10.202.0.1';
      await seedAttempts(throttles.loginPerIp.bucket, ip, 50, 0);
      const { email, password } = await createUser(ctx.db);
      expect((await login(email, password, ip)).statusCode).toBe(429);
      expect((await login(email, password, '10.202.0.2')).statusCode).toBe(200);
    });

    it('clears the failures of an email after a successful login', async () => {
      const { email, password } = await createUser(ctx.db);
      const ip = uniqueIp();
      for (let i = 0; i < 3; i++) await login(email, 'wrong-password', ip);
      expect(await failuresOf(email)).toBe(3);
      expect((await login(email, password, ip)).statusCode).toBe(200);
      expect(await failuresOf(email)).toBe(0);
    });

    it('does not count a right password against the IP', async () => {
      const ip = uniqueIp();
      const { email, password } = await createUser(ctx.db);
      for (let i = 0; i < 3; i++) expect((await login(email, password, ip)).statusCode).toBe(200);
      await login(email, 'wrong-password', ip);
      const r = await ctx.db.query<{ hits: number }>(
        'SELECT hits FROM rate_limits WHERE bucket = $1 AND key = $2',
        [throttles.loginPerIp.bucket, ip],
      );
      expect(r.rows).toEqual([{ hits: 1 }]);
    });

    it('records a failure for an unknown email too', async () => {
      await login('ghost-user@example.ng', 'whatever-pass');
      expect(await failuresOf('ghost-user@example.ng')).toBe(1);
    });
  });

  describe('who may sign in', () => {
    it('makes role admin a super-admin', async () => {
      const { email, password } = await createUser(ctx.db, { role: 'admin' });
      const { account } = (await login(email, password)).json();
      expect(account).toMatchObject({ role: 'admin', isSuperAdmin: true });
      expect(account).not.toHaveProperty('company_name');
    });

    it('makes a sub-admin whose email is in SUPER_ADMIN_EMAILS a super-admin, in any case', async () => {
      const { email, password } = await createUser(ctx.db, {
        role: 'sub-admin',
        email: 'Boss@Provider.ng',
      });
      const { account } = (await login(email, password)).json();
      expect(account).toMatchObject({ role: 'sub-admin', isSuperAdmin: true });
    });

    it('does not make other sub-admins or companies super-admins', async () => {
      const sub = await createUser(ctx.db, { role: 'sub-admin', permissions: ['View Dashboard'] });
      const subAccount = (await login(sub.email, sub.password)).json().account;
      expect(subAccount).toMatchObject({ isSuperAdmin: false, permissions: ['View Dashboard'] });
      const company = await createUser(ctx.db, { role: 'company' });
      expect((await login(company.email, company.password)).json().account.isSuperAdmin).toBe(
        false,
      );
    });

    it('refuses field agents with 403', async () => {
      const { email, password } = await createUser(ctx.db, { role: 'agent' });
      const res = await login(email, password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.stringMatching(/agent/i) });
    });

    it('refuses a disabled account with 403, but only with the right password', async () => {
      const { account, email, password } = await createUser(ctx.db);
      await ctx.db.query('UPDATE accounts SET status = 0 WHERE id = $1', [account.id]);
      const res = await login(email, password);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: expect.stringMatching(/disabled/) });
      // A wrong password does not reveal that the account exists and is disabled.
      expect((await login(email, 'wrong-password')).statusCode).toBe(401);
    });
  });
});
