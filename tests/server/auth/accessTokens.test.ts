import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { createTestApp, createUser, login, testConfig, type TestContext } from '../helpers';

describe('security: access tokens need exp, sub and sid, with uuids', () => {
  let ctx: TestContext;
  let claims: { sub: string; sid: string };
  beforeAll(async () => {
    ctx = await createTestApp();
    const user = await createUser(ctx.db);
    const session = await login(ctx.app, user.email, user.password);
    const payload = session.accessToken.split('.')[1]!;
    const { sid } = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sid: string };
    claims = { sub: user.account.id, sid };
  });
  afterAll(() => ctx?.close());

  const me = (token: string) =>
    ctx.app.inject({ url: '/api/v2/auth/me', headers: { authorization: `Bearer ${token}` } });

  /** A token signed with the app's own secret, with exactly the claims given. */
  function signed(
    payload: Record<string, unknown>,
    expires = true,
    secret = testConfig().jwtSecret,
    alg = 'HS256',
  ) {
    const jwt = new SignJWT(payload).setProtectedHeader({ alg }).setIssuedAt();
    if (expires && payload.exp === undefined) jwt.setExpirationTime('10m');
    return jwt.sign(new TextEncoder().encode(secret));
  }

  const b64 = (v: unknown) =>
    Buffer.from(typeof v === 'string' ? v : JSON.stringify(v)).toString('base64url');
  const exp = () => Math.floor(Date.now() / 1000) + 600;
  /** Header and payload as given, signed with the app's secret (HS256) whatever they say. */
  const forged = (payload: unknown, header: unknown = { alg: 'HS256' }) => {
    const input = `${b64(header)}.${b64(payload)}`;
    const mac = createHmac('sha256', testConfig().jwtSecret).update(input).digest('base64url');
    return `${input}.${mac}`;
  };
  const signedWithHeader = (header: unknown) => forged({ ...claims, exp: exp() }, header);
  const unsigned = (header: unknown, from: string) => `${b64(header)}.${from.split('.')[1]}.`;
  const swapPayload = (token: string, payload: unknown) => {
    const [h, , sig] = token.split('.');
    return `${h}.${b64({ ...(payload as object), exp: exp() })}.${sig}`;
  };

  it('accepts a token forged here the way jose signs it (the cases below are refused)', async () => {
    expect((await me(forged({ ...claims, exp: exp() }))).statusCode).toBe(200);
  });

  it('accepts a well-formed token (the cases below differ from it in one claim)', async () => {
    expect((await me(await signed(claims))).statusCode).toBe(200);
  });

  it.each([
    ['no exp', () => signed(claims, false)],
    ['no sub', () => signed({ sid: claims.sid })],
    ['no sid', () => signed({ sub: claims.sub })],
    ['a sub that is not a uuid', () => signed({ ...claims, sub: 'admin' })],
    ['a sid that is not a uuid', () => signed({ ...claims, sid: "1' OR '1'='1" })],
    ['a numeric sub', () => signed({ ...claims, sub: 42 })],
    ['an exp just past', () => signed({ ...claims, exp: Math.floor(Date.now() / 1000) - 1 })],
    ['a string exp', () => signed({ ...claims, exp: '9999999999' }, false)],
    ['an nbf in the future', () => signed({ ...claims, nbf: Math.floor(Date.now() / 1000) + 60 })],
    ['another secret', () => signed(claims, true, 'another-secret-another-secret-another')],
    ['another algorithm (HS512)', () => signed(claims, true, testConfig().jwtSecret, 'HS512')],
    ['alg none', async () => unsigned({ alg: 'none' }, `${await signed(claims)}`)],
    ['a critical header it does not know', () => signedWithHeader({ alg: 'HS256', crit: ['x'] })],
    [
      'a changed payload',
      async () => swapPayload(await signed(claims), { ...claims, sub: claims.sid }),
    ],
    ['a signature with junk appended', async () => `${await signed(claims)}x`],
    ['four parts', async () => `${await signed(claims)}.x`],
    ['no signature', async () => (await signed(claims)).split('.').slice(0, 2).join('.')],
    ['a payload that is not JSON', () => forged('not json')],
  ])('answers 401 with a message for a token with %s', async (_what, token) => {
    const res = await me(await token());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: expect.stringMatching(/log in again/) });
  });
});

describe('security: JWT_SECRET must have at least 32 bytes', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'jwt-secret-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses a shorter JWT_SECRET, naming it', () => {
    const load = () => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(31) });
    expect(load).toThrow(ConfigError);
    expect(load).toThrow(/JWT_SECRET.*32 bytes/);
  });

  it('counts bytes, not characters, and accepts 32', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'x'.repeat(32) }).jwtSecret).toHaveLength(
      32,
    );
    // 16 two-byte characters are 32 bytes.
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'é'.repeat(16) })).not.toThrow();
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'é'.repeat(15) })).toThrow(
      /JWT_SECRET/,
    );
  });

  it('refuses a kept secret file that is too short, naming it', () => {
    writeFileSync(path.join(dataDir, 'jwt-secret'), 'short');
    expect(() => loadConfig({ DATA_DIR: dataDir })).toThrow(/jwt-secret.*32 bytes/);
  });
});
