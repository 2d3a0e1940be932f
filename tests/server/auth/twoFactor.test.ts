import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttles } from '../../../server/services/throttles';
import { count, createTestApp, createUser, login, uniqueIp, type TestContext } from '../helpers';
import { call, codeAt, ticketOf, userWithTwoFactor } from './twoFactorSupport';

describe('two-factor sign-in', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(() => ctx?.close());

  const verify = (ticket: string, code: string, ip = uniqueIp()) =>
    call(ctx.app, 'POST', '/auth/2fa/verify', { payload: { ticket, code }, ip });

  it('sets up a new secret on each call, with an otpauth URL naming the account', async () => {
    const { email, password } = await createUser(ctx.db);
    const { headers } = await login(ctx.app, email, password);
    const first = await call(ctx.app, 'POST', '/auth/2fa/setup', { headers });
    const second = await call(ctx.app, 'POST', '/auth/2fa/setup', { headers });
    expect(first.statusCode).toBe(200);
    const a = first.json() as { secret: string; otpauth_url: string };
    const b = second.json() as { secret: string; otpauth_url: string };
    expect(a.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(b.secret).not.toBe(a.secret);
    expect(b.otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(b.otpauth_url).toContain(`secret=${b.secret}`);
    expect(decodeURIComponent(b.otpauth_url)).toContain(email);
    // Only the newest secret can be confirmed.
    const stale = await call(ctx.app, 'POST', '/auth/2fa/enable', {
      headers,
      payload: { code: codeAt(a.secret) },
    });
    expect(stale.statusCode).toBe(400);
    expect(stale.json().errors).toEqual([{ field: 'code', msg: expect.any(String) }]);
  });

  it('enables with a code, answering ten recovery codes kept only as hashes', async () => {
    const u = await userWithTwoFactor(ctx.app, ctx.db);
    expect(u.recoveryCodes).toHaveLength(10);
    expect(new Set(u.recoveryCodes).size).toBe(10);
    for (const c of u.recoveryCodes) expect(c).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
    const stored = await ctx.db.query<{ code_hash: string }>(
      `SELECT r.code_hash FROM two_factor_recovery_codes r JOIN accounts a ON a.id = r.account_id
        WHERE a.email = $1`,
      [u.email],
    );
    expect(stored.rows).toHaveLength(10);
    const hashes = stored.rows.map((r) => r.code_hash).join(' ');
    for (const c of u.recoveryCodes) {
      expect(hashes).not.toContain(c);
      expect(hashes).not.toContain(c.replace('-', ''));
    }
    const me = await call(ctx.app, 'GET', '/auth/me', { headers: u.headers });
    expect(me.json()).toMatchObject({ two_factor_enabled: true, two_factor_setup_required: false });
  });

  it('stores the secret sealed, not as its base32 text', async () => {
    const u = await userWithTwoFactor(ctx.app, ctx.db);
    const row = await ctx.db.query<{ secret_sealed: string }>(
      `SELECT t.secret_sealed FROM two_factor t JOIN accounts a ON a.id = t.account_id
        WHERE a.email = $1`,
      [u.email],
    );
    const sealed = row.rows[0]!.secret_sealed;
    expect(sealed).toMatch(/^v1\./);
    expect(sealed).not.toContain(u.secret);
    expect(Buffer.from(sealed.split('.')[2]!, 'base64url').toString('latin1')).not.toContain(
      u.secret,
    );
  });

  it('refuses a second setup or enable once on (409)', async () => {
    const u = await userWithTwoFactor(ctx.app, ctx.db);
    expect(
      (await call(ctx.app, 'POST', '/auth/2fa/setup', { headers: u.headers })).statusCode,
    ).toBe(409);
    const again = await call(ctx.app, 'POST', '/auth/2fa/enable', {
      headers: u.headers,
      payload: { code: codeAt(u.secret, 30) },
    });
    expect(again.statusCode).toBe(409);
  });

  it('answers a ticket and no tokens to the password, and the tokens to ticket + code', async () => {
    const u = await userWithTwoFactor(ctx.app, ctx.db);
    const first = await call(ctx.app, 'POST', '/auth/login', {
      payload: { email: u.email, password: u.password },
    });
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(Object.keys(body).sort()).toEqual(['ticket', 'twoFactorRequired']);
    expect(body.twoFactorRequired).toBe(true);
    const res = await verify(body.ticket, codeAt(u.secret, 30));
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['accessToken', 'account', 'refreshToken']);
    const me = await call(ctx.app, 'GET', '/auth/me', {
      headers: { authorization: `Bearer ${res.json().accessToken}` },
    });
    expect(me.json()).toMatchObject({ email: u.email, two_factor_enabled: true });
  });

  it('stores the ticket hashed, bound to the account, for 5 minutes', async () => {
    const u = await userWithTwoFactor(ctx.app, ctx.db);
    const ticket = await ticketOf(ctx.app, u.email, u.password);
    const rows = await ctx.db.query<{ token_hash: string; minutes: number; email: string }>(
      `SELECT t.token_hash, a.email,
              round(extract(epoch FROM t.expires_at - t.created_at) / 60)::int AS minutes
         FROM one_time_tokens t JOIN accounts a ON a.id = t.account_id
        WHERE t.purpose = 'two_factor_ticket' AND a.email = $1`,
      [u.email],
    );
    expect(rows.rows).toEqual([{ token_hash: expect.any(String), email: u.email, minutes: 5 }]);
    expect(rows.rows[0]!.token_hash).not.toBe(ticket);
  });

  it('refuses a wrong code with 401 naming code, and the ticket still works after', async () => {
    const u = await userWithTwoFactor(ctx.app, ctx.db);
    const ticket = await ticketOf(ctx.app, u.email, u.password);
    const wrong = await verify(ticket, codeAt(u.secret, 30) === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().errors).toEqual([{ field: 'code', msg: 'The code is not valid' }]);
    expect((await verify(ticket, codeAt(u.secret, 30))).statusCode).toBe(200);
  });

  it('accepts a code once: a replay within its window is refused', async () => {
    const u = await userWithTwoFactor(ctx.app, ctx.db);
    const code = codeAt(u.secret, 30);
    expect((await verify(await ticketOf(ctx.app, u.email, u.password), code)).statusCode).toBe(200);
    const replay = await verify(await ticketOf(ctx.app, u.email, u.password), code);
    expect(replay.statusCode).toBe(401);
    // The code used to enable is spent too.
    const enableCode = await verify(await ticketOf(ctx.app, u.email, u.password), codeAt(u.secret));
    expect(enableCode.statusCode).toBe(401);
  });

  it('refuses codes outside one step either side of now', async () => {
    const u = await userWithTwoFactor(ctx.app, ctx.db);
    const ticket = await ticketOf(ctx.app, u.email, u.password);
    expect((await verify(ticket, codeAt(u.secret, 95))).statusCode).toBe(401);
    expect((await verify(ticket, codeAt(u.secret, -95))).statusCode).toBe(401);
  });

  it('signs in with a recovery code once, in any case and without its dash', async () => {
    const u = await userWithTwoFactor(ctx.app, ctx.db);
    const [first, second] = u.recoveryCodes as [string, string];
    const ok = await verify(await ticketOf(ctx.app, u.email, u.password), first);
    expect(ok.statusCode).toBe(200);
    const again = await verify(await ticketOf(ctx.app, u.email, u.password), first);
    expect(again.statusCode).toBe(401);
    const loose = await verify(
      await ticketOf(ctx.app, u.email, u.password),
      second.replace('-', '').toLowerCase(),
    );
    expect(loose.statusCode).toBe(200);
    expect(
      await count(
        ctx.db,
        `two_factor_recovery_codes r JOIN accounts a ON a.id = r.account_id
          WHERE a.email = $1 AND r.used_at IS NULL`,
        [u.email],
      ),
    ).toBe(8);
  });

  it("refuses another account's recovery code", async () => {
    const u = await userWithTwoFactor(ctx.app, ctx.db);
    const other = await userWithTwoFactor(ctx.app, ctx.db);
    const res = await verify(await ticketOf(ctx.app, u.email, u.password), other.recoveryCodes[0]!);
    expect(res.statusCode).toBe(401);
  });

  it('spends the ticket: it opens one session at most', async () => {
    const u = await userWithTwoFactor(ctx.app, ctx.db);
    const ticket = await ticketOf(ctx.app, u.email, u.password);
    expect((await verify(ticket, u.recoveryCodes[0]!)).statusCode).toBe(200);
    const reused = await verify(ticket, u.recoveryCodes[1]!);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toMatch(/log in again/);
    // The refused attempt did not spend the second recovery code.
    expect(
      (await verify(await ticketOf(ctx.app, u.email, u.password), u.recoveryCodes[1]!)).statusCode,
    ).toBe(200);
  });

  it('refuses an expired ticket', async () => {
    const u = await userWithTwoFactor(ctx.app, ctx.db);
    const ticket = await ticketOf(ctx.app, u.email, u.password);
    await ctx.db.query(
      `UPDATE one_time_tokens SET expires_at = now() - interval '1 second'
        WHERE purpose = 'two_factor_ticket'
          AND account_id = (SELECT id FROM accounts WHERE email = $1)`,
      [u.email],
    );
    expect((await verify(ticket, u.recoveryCodes[0]!)).statusCode).toBe(401);
  });

  it('refuses an unknown ticket with 401, and bad input with 400 naming the field', async () => {
    expect((await verify('not-a-ticket', '123456')).statusCode).toBe(401);
    const bad = await call(ctx.app, 'POST', '/auth/2fa/verify', {
      payload: { ticket: 'x', code: '12' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain('code');
    const long = await call(ctx.app, 'POST', '/auth/2fa/verify', {
      payload: { ticket: 'x', code: '1'.repeat(500) },
    });
    expect(long.statusCode).toBe(400);
  });

  it('throttles wrong codes per account: 429 after 5, whatever the address', async () => {
    const u = await userWithTwoFactor(ctx.app, ctx.db);
    const { limit } = throttles.twoFactorPerAccount;
    const ticket = await ticketOf(ctx.app, u.email, u.password);
    const wrongCode = codeAt(u.secret, 30) === '000000' ? '111111' : '000000';
    for (let i = 0; i < limit; i++) expect((await verify(ticket, wrongCode)).statusCode).toBe(401);
    const blocked = await verify(ticket, codeAt(u.secret, 30));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many wrong codes/);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('throttles codes per address across accounts', async () => {
    const ip = uniqueIp();
    const { limit } = throttles.twoFactorPerIp;
    await ctx.db.query(
      `INSERT INTO rate_limits (bucket, key, hits, window_start) VALUES ($1, $2, $3, now())`,
      [throttles.twoFactorPerIp.bucket, ip, limit],
    );
    const res = await verify('any-ticket', '123456', ip);
    expect(res.statusCode).toBe(429);
  });

  it('throttles enable per account', async () => {
    const { email, password } = await createUser(ctx.db);
    const { headers } = await login(ctx.app, email, password);
    const { secret } = (await call(ctx.app, 'POST', '/auth/2fa/setup', { headers })).json();
    const wrongCode = codeAt(secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < throttles.twoFactorPerAccount.limit; i++) {
      const r = await call(ctx.app, 'POST', '/auth/2fa/enable', {
        headers,
        payload: { code: wrongCode },
      });
      expect(r.statusCode).toBe(400);
    }
    const blocked = await call(ctx.app, 'POST', '/auth/2fa/enable', {
      headers,
      payload: { code: codeAt(secret) },
    });
    expect(blocked.statusCode).toBe(429);
  });

  it('disables with a current code, not with a wrong one; sign-in is then one step', async () => {
    const u = await userWithTwoFactor(ctx.app, ctx.db);
    const wrong = await call(ctx.app, 'POST', '/auth/2fa/disable', {
      headers: u.headers,
      payload: { code: codeAt(u.secret, 30) === '000000' ? '111111' : '000000' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ field: 'code', msg: expect.any(String) }]);
    const ok = await call(ctx.app, 'POST', '/auth/2fa/disable', {
      headers: u.headers,
      payload: { code: codeAt(u.secret, 30) },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      await count(ctx.db, 'two_factor_recovery_codes WHERE account_id = $1', [u.account.id]),
    ).toBe(0);
    const res = await call(ctx.app, 'POST', '/auth/login', {
      payload: { email: u.email, password: u.password },
    });
    expect(res.json()).toHaveProperty('accessToken');
  });

  it('disables with a recovery code', async () => {
    const u = await userWithTwoFactor(ctx.app, ctx.db);
    const ok = await call(ctx.app, 'POST', '/auth/2fa/disable', {
      headers: u.headers,
      payload: { code: u.recoveryCodes[3]! },
    });
    expect(ok.statusCode).toBe(200);
    const me = await call(ctx.app, 'GET', '/auth/me', { headers: u.headers });
    expect(me.json().two_factor_enabled).toBe(false);
  });

  it('refuses disable when two-factor is off (409) and without a session (401)', async () => {
    const { email, password } = await createUser(ctx.db);
    const { headers } = await login(ctx.app, email, password);
    const off = await call(ctx.app, 'POST', '/auth/2fa/disable', {
      headers,
      payload: { code: '123456' },
    });
    expect(off.statusCode).toBe(409);
    const anonymous = await call(ctx.app, 'POST', '/auth/2fa/setup');
    expect(anonymous.statusCode).toBe(401);
  });
});
